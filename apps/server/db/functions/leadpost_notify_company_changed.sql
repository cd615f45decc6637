-- Live updates (docs/architecture.md "Realtime"): a change to what pages show of a company is announced on
-- `company_updated`; delivered on commit only.
CREATE OR REPLACE FUNCTION leadpost_notify_company_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.name, OLD.credit_value_usd, OLD.is_sandbox_mode, OLD.paypal_client_id, OLD.paypal_sandbox_client_id,
      OLD.admin_email)
     IS DISTINCT FROM
     (NEW.name, NEW.credit_value_usd, NEW.is_sandbox_mode, NEW.paypal_client_id, NEW.paypal_sandbox_client_id,
      NEW.admin_email) THEN
    PERFORM pg_notify('company_updated', json_build_object('companyId', NEW.id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER companies_notify_update AFTER UPDATE ON companies
  FOR EACH ROW EXECUTE FUNCTION leadpost_notify_company_changed();
