-- An impersonation session never outlives its hour, whatever writes the row (docs/platform-admin.md
-- "Impersonation"): the auth library's sliding refresh (GET /api/auth/get-session without the "don't
-- remember" cookie sets seven days) is cut back to one hour after the session began. The hour is
-- IMPERSONATION_SECONDS (modules/auth/impersonation-plugin.ts).
CREATE OR REPLACE FUNCTION sessions_impersonation_hour() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.impersonated_by IS NOT NULL AND NEW.expires_at > NEW.created_at + interval '1 hour' THEN
    NEW.expires_at := NEW.created_at + interval '1 hour';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "sessions_impersonation_hour" BEFORE INSERT OR UPDATE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION sessions_impersonation_hour();
