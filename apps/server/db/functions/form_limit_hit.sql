-- A form's submission limit, counted over 32 rows (`form-submit:form:<id>:<n>`, one picked at random per
-- hit) so concurrent submissions to one form rarely wait on one row's lock; the limit may be overshot by
-- at most the submissions in flight at that moment. hits = the sum of the form's counters whose window is
-- still open, window_start the earliest of them (when the first of them frees up, for Retry-After).
CREATE OR REPLACE FUNCTION form_limit_hit(p_key text, p_now bigint, p_window bigint, OUT hits int, OUT window_start bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_mine record;
  v_others record;
BEGIN
  SELECT * INTO v_mine FROM rate_limit_hit(p_key || ':' || floor(random() * 32)::int, p_now, p_window);
  -- Every counter of the form (this hit included), by key: 32 index look-ups, no locks taken.
  SELECT coalesce(sum(count), 0)::int AS n, min(last_request) AS first INTO v_others FROM rate_limits
   WHERE key = ANY (ARRAY(SELECT p_key || ':' || g FROM generate_series(0, 31) g))
     AND last_request > p_now - p_window;
  hits := greatest(v_others.n, v_mine.hits);
  window_start := coalesce(v_others.first, v_mine.window_start);
END;
$$;
