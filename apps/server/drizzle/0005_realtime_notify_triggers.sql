-- Live updates (spec 003 §7 "Realtime"): new buyer entries, credit balances, buyer and company changes are
-- published with NOTIFY by the database itself, whichever code path made the change. Delivered on commit only.
CREATE OR REPLACE FUNCTION leadpost_notify_buyer_lead_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('buyer_lead_created', json_build_object(
    'companyId', NEW.company_id, 'buyerId', NEW.buyer_id, 'leadId', NEW.lead_id, 'isPreview', NEW.is_preview
  )::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER buyer_leads_notify_insert AFTER INSERT ON buyer_leads
  FOR EACH ROW EXECUTE FUNCTION leadpost_notify_buyer_lead_created();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION leadpost_notify_buyer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.credit_balance IS DISTINCT FROM NEW.credit_balance THEN
    PERFORM pg_notify('credits_changed', json_build_object(
      'companyId', NEW.company_id, 'buyerId', NEW.id, 'balance', NEW.credit_balance
    )::text);
  END IF;
  -- Round-robin bookkeeping (last_served_at) and updated_at alone are not worth a refresh.
  IF (OLD.contact_name, OLD.company_name, OLD.phone_number, OLD.email, OLD.address, OLD.city, OLD.state,
      OLD.zip_code, OLD.service_radius, OLD.niche_id, OLD.status, OLD.all_you_can_eat_enabled,
      OLD.cost_per_lead, OLD.prepaid_leads_total, OLD.prepaid_leads_remaining, OLD.deleted_at)
     IS DISTINCT FROM
     (NEW.contact_name, NEW.company_name, NEW.phone_number, NEW.email, NEW.address, NEW.city, NEW.state,
      NEW.zip_code, NEW.service_radius, NEW.niche_id, NEW.status, NEW.all_you_can_eat_enabled,
      NEW.cost_per_lead, NEW.prepaid_leads_total, NEW.prepaid_leads_remaining, NEW.deleted_at) THEN
    PERFORM pg_notify('buyer_updated', json_build_object('companyId', NEW.company_id, 'buyerId', NEW.id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER buyers_notify_update AFTER UPDATE ON buyers
  FOR EACH ROW EXECUTE FUNCTION leadpost_notify_buyer_changed();
--> statement-breakpoint
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
CREATE TRIGGER companies_notify_update AFTER UPDATE ON companies
  FOR EACH ROW EXECUTE FUNCTION leadpost_notify_company_changed();
