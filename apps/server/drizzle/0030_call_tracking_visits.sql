-- Call tracking answers its own numbers and ties each call to the visit that held the called number.
-- Numbers are kept in their E.164 form ("+15552000001"), as every other phone number: US numbers written
-- with ten digits (or eleven starting with 1) get +1, numbers written with "+" keep their digits.
CREATE OR REPLACE FUNCTION pg_temp.e164(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN v IS NULL THEN NULL
    WHEN btrim(v) ~ '^\+' AND length(regexp_replace(v, '\D', '', 'g')) BETWEEN 8 AND 15
      THEN '+' || regexp_replace(v, '\D', '', 'g')
    WHEN regexp_replace(v, '\D', '', 'g') ~ '^\d{10}$' THEN '+1' || regexp_replace(v, '\D', '', 'g')
    WHEN regexp_replace(v, '\D', '', 'g') ~ '^1\d{10}$' THEN '+' || regexp_replace(v, '\D', '', 'g')
    ELSE v
  END
$$;
--> statement-breakpoint
UPDATE "dni_numbers" SET "phone_number" = pg_temp.e164("phone_number"), "static_number" = pg_temp.e164("static_number");
--> statement-breakpoint
UPDATE "tracking_numbers" SET "destination_number" = pg_temp.e164("destination_number") WHERE "destination_number" IS NOT NULL;
--> statement-breakpoint
UPDATE "dni_sessions" SET "shown_number" = pg_temp.e164("shown_number") WHERE "shown_number" IS NOT NULL;
--> statement-breakpoint

-- One DNI number per source: visits of a number added twice move to the newest copy, the older go.
UPDATE "dni_sessions" s SET "dni_number_id" = keep."id"
FROM "dni_numbers" d
JOIN LATERAL (
  SELECT k."id" FROM "dni_numbers" k
  WHERE k."company_id" = d."company_id" AND k."phone_number" = d."phone_number" AND k."source" = d."source"
  ORDER BY k."created_at" DESC, k."id" DESC LIMIT 1
) keep ON true
WHERE s."dni_number_id" = d."id" AND keep."id" <> d."id";
--> statement-breakpoint
DELETE FROM "dni_numbers" d USING "dni_numbers" newer
WHERE d."company_id" = newer."company_id" AND d."phone_number" = newer."phone_number"
  AND d."source" = newer."source" AND (d."created_at", d."id") < (newer."created_at", newer."id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "dni_numbers_company_id_phone_number_source_index" ON "dni_numbers" USING btree ("company_id","phone_number","source");
--> statement-breakpoint

-- A visit holds its number while it is active: its last page view is when it was last seen.
ALTER TABLE "dni_sessions" ADD COLUMN IF NOT EXISTS "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "dni_sessions" SET "last_seen_at" = "created_at";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dni_sessions_company_id_shown_number_last_seen_at_index" ON "dni_sessions" USING btree ("company_id","shown_number","last_seen_at");
--> statement-breakpoint

-- How the call was tied to its visit (visit, latest_visit), and the recording of a dialled call.
ALTER TABLE "call_tracking_logs" ADD COLUMN IF NOT EXISTS "attribution" text;
--> statement-breakpoint
ALTER TABLE "call_tracking_logs" ADD COLUMN IF NOT EXISTS "recording_sid" text;
--> statement-breakpoint
ALTER TABLE "call_tracking_logs" ADD COLUMN IF NOT EXISTS "recording_url" text;
