-- Impersonation by allowlist (docs/platform-admin.md "Impersonation", docs/security.md §11).
-- Every request made while impersonating is audited with the request and its outcome status.
ALTER TABLE "platform_audit_log" ADD COLUMN IF NOT EXISTS "request" text;
--> statement-breakpoint
ALTER TABLE "platform_audit_log" ADD COLUMN IF NOT EXISTS "status" integer;
--> statement-breakpoint
-- One "ended" entry per impersonation session, whoever notices the end first (a request, a sign-out,
-- the abandoned-impersonation job).
CREATE UNIQUE INDEX IF NOT EXISTS "platform_audit_log_one_end_per_session" ON "platform_audit_log" USING btree ("session_id") WHERE "action" = 'impersonation_end';
--> statement-breakpoint
-- The abandoned-impersonation job looks for impersonation sessions past their hour.
CREATE INDEX IF NOT EXISTS "sessions_impersonation_created_at_index" ON "sessions" USING btree ("created_at") WHERE "impersonated_by" IS NOT NULL;
--> statement-breakpoint
-- An impersonation session never outlives its hour, whatever writes the row: the auth library's sliding
-- refresh (GET /api/auth/get-session without the "don't remember" cookie sets seven days) is cut back to
-- one hour after the session began. The hour is IMPERSONATION_SECONDS (modules/auth/impersonation-plugin.ts).
CREATE OR REPLACE FUNCTION sessions_impersonation_hour() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.impersonated_by IS NOT NULL AND NEW.expires_at > NEW.created_at + interval '1 hour' THEN
    NEW.expires_at := NEW.created_at + interval '1 hour';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_impersonation_hour" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_impersonation_hour" BEFORE INSERT OR UPDATE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION sessions_impersonation_hour();
