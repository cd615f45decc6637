-- Stores one public form submission (and its lead) in one statement: replays a known idempotency key,
-- counts the per-address and per-form limits when the caller passes their keys (an address or form still
-- within its instance's own share is counted in the process and passes none: intake/local-limit.ts,
-- so a usual submission writes only its submission and its lead), re-checks the form is published, flags duplicates
-- (docs/forms-and-leads.md). Sandbox and production never mix: a test lead is a duplicate only of an
-- earlier test lead, a real lead only of an earlier real one. The lead's JSON (p->'lead') is written by
-- modules/lead-distribution/intake/accept.ts from the leads table's columns; test/lead-shape.test.ts checks that the
-- insert below and that JSON name the same columns.
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
  -- first; the form's count, spread over its 32 counters, once the form is known to be published. Each
  -- only when its key is given (the shared part of a limit, intake/local-limit.ts).
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

  IF p->>'form_key' IS NOT NULL THEN
    SELECT * INTO v_count, v_start FROM form_limit_hit(p->>'form_key', v_now, v_window);
    IF v_count > (p->>'form_max')::int THEN
      RETURN jsonb_build_object('kind', 'rate_limited', 'window_start', v_start);
    END IF;
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
  -- The earliest lead with the same e-mail, and the earliest with the same phone, each read from its own
  -- (company, contact, created_at) index; the earlier of the two is the original. Run with EXECUTE, so it
  -- is planned for each call: a plan cached while the company had few leads walked all of them.
  IF v_lead->>'email' IS NOT NULL OR v_lead->>'phone' IS NOT NULL THEN
    EXECUTE 'SELECT d.id FROM (
        (SELECT id, created_at FROM leads
          WHERE company_id = $1 AND email = $2 AND created_at >= now() - make_interval(days => $4)
            AND is_test = $5
          ORDER BY created_at ASC LIMIT 1)
        UNION ALL
        (SELECT id, created_at FROM leads
          WHERE company_id = $1 AND phone = $3 AND created_at >= now() - make_interval(days => $4)
            AND is_test = $5
          ORDER BY created_at ASC LIMIT 1)
      ) d ORDER BY d.created_at ASC LIMIT 1'
      INTO v_dup USING v_company, v_lead->>'email', v_lead->>'phone', v_dup_days,
        coalesce((v_lead->>'is_test')::boolean, false);
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
