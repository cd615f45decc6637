-- One number, one spelling: every phone number the call center stores or dials is kept in its E.164
-- form ("+17205550100"), as the schemas now store new ones (packages/shared domain/phone.ts). Rows saved
-- before were stored as typed, so "720-555-0100" and "+17205550100" could both exist and an inbound call
-- went to whichever row the database returned first. This rewrites the old rows the way the product
-- parses a number without a country code (a US number: 10 digits, or 11 starting with 1); text that is
-- no phone number is left as it was. Twilio numbers that turn out to be one number are merged into the
-- oldest row (its settings win; the others' calls, tracking numbers and routing links move to it), and a
-- blocked caller listed twice is listed once. The unique indexes per company on phone_numbers and
-- blocked_calls then hold for the E.164 form.
CREATE FUNCTION leadpost_e164_0028(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN t IS NULL OR t ~ '[A-Za-z]' THEN t
    WHEN btrim(t) LIKE '+%' AND length(regexp_replace(t, '\D', '', 'g')) BETWEEN 8 AND 15
      THEN '+' || regexp_replace(t, '\D', '', 'g')
    WHEN length(regexp_replace(t, '\D', '', 'g')) = 10 THEN '+1' || regexp_replace(t, '\D', '', 'g')
    WHEN length(regexp_replace(t, '\D', '', 'g')) = 11 AND regexp_replace(t, '\D', '', 'g') LIKE '1%'
      THEN '+' || regexp_replace(t, '\D', '', 'g')
    ELSE t
  END
$$;
--> statement-breakpoint
CREATE TEMP TABLE phone_number_merge_0028 ON COMMIT DROP AS
  SELECT id, first_value(id) OVER w AS keep_id, row_number() OVER w AS position
  FROM phone_numbers
  WINDOW w AS (PARTITION BY company_id, leadpost_e164_0028(phone_number) ORDER BY created_at, id);
--> statement-breakpoint
DELETE FROM phone_number_merge_0028 WHERE position = 1;
--> statement-breakpoint
UPDATE call_logs SET phone_number_id = m.keep_id FROM phone_number_merge_0028 m WHERE call_logs.phone_number_id = m.id;
--> statement-breakpoint
UPDATE tracking_numbers SET phone_number_id = m.keep_id FROM phone_number_merge_0028 m WHERE tracking_numbers.phone_number_id = m.id;
--> statement-breakpoint
INSERT INTO twilio_number_routing (company_id, twilio_number_id, routing_number_id, created_at)
  SELECT r.company_id, m.keep_id, r.routing_number_id, r.created_at
  FROM twilio_number_routing r JOIN phone_number_merge_0028 m ON m.id = r.twilio_number_id
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM phone_numbers WHERE id IN (SELECT id FROM phone_number_merge_0028);
--> statement-breakpoint
UPDATE phone_numbers SET phone_number = leadpost_e164_0028(phone_number) WHERE phone_number IS DISTINCT FROM leadpost_e164_0028(phone_number);
--> statement-breakpoint
-- Blocking "abc" used to store "+": such entries block no caller and are dropped.
DELETE FROM blocked_calls WHERE phone_number !~ '\d';
--> statement-breakpoint
DELETE FROM blocked_calls b USING blocked_calls older
  WHERE older.company_id = b.company_id
    AND leadpost_e164_0028(older.phone_number) = leadpost_e164_0028(b.phone_number)
    AND (older.created_at, older.id) < (b.created_at, b.id);
--> statement-breakpoint
UPDATE blocked_calls SET phone_number = leadpost_e164_0028(phone_number) WHERE phone_number IS DISTINCT FROM leadpost_e164_0028(phone_number);
--> statement-breakpoint
UPDATE routing_numbers SET phone_number = leadpost_e164_0028(phone_number) WHERE phone_number IS DISTINCT FROM leadpost_e164_0028(phone_number);
--> statement-breakpoint
UPDATE call_center_agents SET phone_number = leadpost_e164_0028(phone_number) WHERE phone_number IS DISTINCT FROM leadpost_e164_0028(phone_number);
--> statement-breakpoint
UPDATE buyers SET phone_number = leadpost_e164_0028(phone_number) WHERE phone_number IS DISTINCT FROM leadpost_e164_0028(phone_number);
--> statement-breakpoint
DROP FUNCTION leadpost_e164_0028(text);
--> statement-breakpoint
-- Twilio Connected means a check of the saved SID and token succeeded (002 §4: unknown, verified,
-- failed), not that a SID was typed. Companies connected before have not been checked yet.
ALTER TABLE "companies" ADD COLUMN IF NOT EXISTS "twilio_verification" text DEFAULT 'unknown' NOT NULL;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN IF NOT EXISTS "twilio_checked_at" timestamp with time zone;
