-- The per-form submission limit no longer queues every submission to a busy form behind one row.
-- accept_submission (0019) counted the form's submissions on a single rate_limits row whose lock it held
-- until commit, so concurrent submissions to one form ran one after another (about 2.5x fewer accepted
-- per second on PostgreSQL than with that row out of the way, bench/README.md "Public form submissions").
-- The form's count is now spread over 32 rows (`form-submit:form:<id>:<n>`, one picked at random per
-- submission) and the limit is checked against their sum, read without locking: concurrent submissions
-- rarely meet on a row, and the limit may be overshot by at most the submissions in flight at that moment.

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
--> statement-breakpoint

-- A form's hit on one of its 32 counters; hits = the sum of its counters whose window is still open, and
-- window_start the earliest of them (when the first of them frees up, for Retry-After).
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
--> statement-breakpoint

-- The accept statement of 0019 with both limits through the functions above (form_key is the prefix of
-- the form's counters).
CREATE OR REPLACE FUNCTION accept_submission(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_form_id uuid := (p->>'form_id')::uuid;
  v_key text := p->>'idempotency_key';
  v_hash text := p->>'request_hash';
  v_now bigint := (p->>'now_ms')::bigint;
  v_window bigint := (p->>'window_ms')::bigint;
  v_company uuid;
  v_dup_days int;
  v_prev record;
  v_count int;
  v_start bigint;
  v_lead jsonb := p->'lead';
  v_dup uuid;
  v_inserted uuid;
  v_contact text;
BEGIN
  -- A known key replays its first answer (or is refused when the body differs), before any limit.
  IF v_key IS NOT NULL THEN
    SELECT response, request_hash INTO v_prev FROM form_submissions
     WHERE form_id = v_form_id AND idempotency_key = v_key;
    IF FOUND THEN
      IF v_prev.request_hash IS NOT NULL AND v_prev.request_hash <> v_hash THEN
        RETURN jsonb_build_object('kind', 'conflict');
      END IF;
      RETURN jsonb_build_object('kind', 'replay', 'response', v_prev.response);
    END IF;
  END IF;

  -- Fixed-window counters (rate_limit_hit, as consumeRateLimit in plugins/rate-limit.ts), per address
  -- first; the form's count, spread over its 32 counters, once the form is known to be published.
  IF p->>'ip_key' IS NOT NULL THEN
    SELECT * INTO v_count, v_start FROM rate_limit_hit(p->>'ip_key', v_now, v_window);
    IF v_count > (p->>'ip_max')::int THEN
      RETURN jsonb_build_object('kind', 'rate_limited', 'window_start', v_start);
    END IF;
  END IF;

  -- The cached form is checked against the row: unpublishing or deactivating takes effect at once.
  SELECT f.company_id, c.duplicate_window_days INTO v_company, v_dup_days
    FROM forms f JOIN companies c ON c.id = f.company_id
   WHERE f.id = v_form_id AND f.status = 'published' AND f.is_active;
  IF NOT FOUND OR v_company <> (p->>'company_id')::uuid THEN
    RETURN jsonb_build_object('kind', 'not_found');
  END IF;

  SELECT * INTO v_count, v_start FROM form_limit_hit(p->>'form_key', v_now, v_window);
  IF v_count > (p->>'form_max')::int THEN
    RETURN jsonb_build_object('kind', 'rate_limited', 'window_start', v_start);
  END IF;

  -- Same key racing: this insert waits for the first one's transaction, then skips and replays it.
  INSERT INTO form_submissions (
    id, company_id, form_id, data, idempotency_key, request_hash, response, ip_address, user_agent,
    referrer, landing_page, utm, click_ids, consent, fill_time_ms, is_spam, spam_reason, lead_id,
    routing_status, routing_attempts, routing_next_attempt_at, created_at
  ) VALUES (
    (p->>'submission_id')::uuid, v_company, v_form_id, p->'data', v_key, v_hash, p->'response',
    p->>'ip_address', p->>'user_agent', p->>'referrer', p->>'landing_page',
    nullif(p->'utm', 'null'::jsonb), nullif(p->'click_ids', 'null'::jsonb), nullif(p->'consent', 'null'::jsonb),
    (p->>'fill_time_ms')::int, (p->>'is_spam')::boolean, p->>'spam_reason',
    CASE WHEN v_lead IS NULL OR v_lead = 'null'::jsonb THEN NULL ELSE (p->>'lead_id')::uuid END,
    p->>'routing_status', 0,
    CASE WHEN p->>'routing_status' = 'pending' THEN now() ELSE NULL END,
    now()
  )
  ON CONFLICT (form_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_inserted;
  IF v_inserted IS NULL THEN
    SELECT response, request_hash INTO v_prev FROM form_submissions
     WHERE form_id = v_form_id AND idempotency_key = v_key;
    IF v_prev.request_hash IS NOT NULL AND v_prev.request_hash <> v_hash THEN
      RETURN jsonb_build_object('kind', 'conflict');
    END IF;
    RETURN jsonb_build_object('kind', 'replay', 'response', v_prev.response);
  END IF;

  IF v_lead IS NULL OR v_lead = 'null'::jsonb THEN
    RETURN jsonb_build_object('kind', 'stored', 'lead', false);
  END IF;

  -- Two submissions of the same person arriving together are serialised on a per-contact lock (in one
  -- order for everybody), so the second one sees the first and is flagged a duplicate.
  FOR v_contact IN SELECT k FROM unnest(ARRAY[
      CASE WHEN v_lead->>'email' IS NOT NULL THEN 'email:' || (v_lead->>'email') END,
      CASE WHEN v_lead->>'phone' IS NOT NULL THEN 'phone:' || (v_lead->>'phone') END]) AS k
    WHERE k IS NOT NULL ORDER BY k
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('lead-contact:' || v_company || ':' || v_contact, 0));
  END LOOP;
  IF v_lead->>'email' IS NOT NULL OR v_lead->>'phone' IS NOT NULL THEN
    SELECT id INTO v_dup FROM leads
     WHERE company_id = v_company
       AND created_at >= now() - make_interval(days => v_dup_days)
       AND (email = v_lead->>'email' OR phone = v_lead->>'phone')
     ORDER BY created_at ASC LIMIT 1;
  END IF;

  INSERT INTO leads (
    id, company_id, form_id, submission_id, source, is_test, name, email, phone, city, state, zip_code,
    latitude, longitude, service_type, niche_id, data, answers, sale_cap, status, is_duplicate,
    duplicate_of_lead_id
  ) VALUES (
    (p->>'lead_id')::uuid, v_company, v_form_id, (p->>'submission_id')::uuid, v_lead->>'source',
    (v_lead->>'is_test')::boolean, v_lead->>'name', v_lead->>'email', v_lead->>'phone', v_lead->>'city',
    v_lead->>'state', v_lead->>'zip_code', (v_lead->>'latitude')::double precision,
    (v_lead->>'longitude')::double precision, v_lead->>'service_type', (v_lead->>'niche_id')::uuid,
    v_lead->'data', v_lead->'answers', (v_lead->>'sale_cap')::int, 'new', v_dup IS NOT NULL, v_dup
  );
  RETURN jsonb_build_object('kind', 'stored', 'lead', true, 'duplicate', v_dup IS NOT NULL);
END;
$$;
