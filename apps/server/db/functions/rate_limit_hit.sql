-- One fixed-window counter hit (the same rule as consumeRateLimit in plugins/rate-limit.ts): the window's
-- count after this hit and when the window started.
CREATE OR REPLACE FUNCTION rate_limit_hit(p_key text, p_now bigint, p_window bigint, OUT hits int, OUT window_start bigint)
LANGUAGE sql AS $$
  INSERT INTO rate_limits (key, count, last_request) VALUES (p_key, 1, p_now)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limits.last_request <= p_now - p_window THEN 1 ELSE rate_limits.count + 1 END,
    last_request = CASE WHEN rate_limits.last_request <= p_now - p_window THEN p_now ELSE rate_limits.last_request END
  RETURNING count, last_request
$$;
