-- Live updates (docs/architecture.md "Realtime"): a buyer's credit balance on `credits_changed`, any other
-- change a buyer's page shows on `buyer_updated`; delivered on commit only.
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
CREATE OR REPLACE TRIGGER buyers_notify_update AFTER UPDATE ON buyers
  FOR EACH ROW EXECUTE FUNCTION leadpost_notify_buyer_changed();
