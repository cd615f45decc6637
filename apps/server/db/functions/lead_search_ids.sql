-- The Leads list's search through the trigram index (migration 0044, issue 26): at most p_limit leads of
-- the request's company whose name, e-mail, city, ZIP or phone matches, in no particular order
-- (modules/leads/search.ts; the same columns and patterns as leadSearchCondition in modules/leads/filters.ts,
-- test/lead-search.test.ts holds both to the same answers).
-- Why SECURITY DEFINER: a company request runs as leadpost_app under row-level security, and ILIKE is not
-- leakproof, so PostgreSQL evaluates it only after the policy, row by row: a read of every lead of the
-- company. As the tables' owner the index is used. The wall stays: the company is the one the policy
-- itself reads (leadpost.company_id, set by db/tenant-transaction.ts), never a parameter, and with no
-- company set (the system context) nothing is answered. The caller reads the answered ids under
-- row-level security as before.
-- No order: sorting the matches means reading every one of them (a common name: 10,000 heap rows, 0.3 s
-- at a million leads). Unsorted, a rare text is a bitmap of the index and a common one a scan that stops
-- at p_limit; EXECUTE … USING plans each call with its patterns known, so the planner can tell which.
CREATE OR REPLACE FUNCTION lead_search_ids(
  p_pattern text, p_phone_pattern text, p_with_name boolean, p_with_phone boolean, p_limit int
) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE STRICT SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_company uuid := nullif(current_setting('leadpost.company_id', true), '')::uuid;
BEGIN
  IF v_company IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE
    'SELECT id FROM leads
      WHERE company_id = $1
        AND (($4 AND name ILIKE $2) OR email ILIKE $2 OR city ILIKE $2 OR zip_code ILIKE $2
             OR ($5 AND phone ILIKE $3))
      LIMIT $6'
    USING v_company, p_pattern, p_phone_pattern, p_with_name, p_with_phone, p_limit;
END
$$;
--> statement-breakpoint
-- Only the request role calls it (the owner always may).
REVOKE ALL ON FUNCTION lead_search_ids(text, text, boolean, boolean, int) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION lead_search_ids(text, text, boolean, boolean, int) TO leadpost_app;
