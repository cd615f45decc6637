-- Live updates (docs/architecture.md "Realtime"): a new buyer entry is announced on `buyer_lead_created`,
-- whichever code path inserted it; delivered on commit only. A purchase inserts the buyer's full-access
-- entry (acquired_via = 'credits'): the buyer bought it itself, so its credits_changed is the one live
-- event of the sale. A restore (modules/backups/restore.ts) sets leadpost.restoring for its transaction:
-- the entries it puts back are not news, and one notice per row of a large company would flood listeners.
CREATE OR REPLACE FUNCTION leadpost_notify_buyer_lead_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.acquired_via IS DISTINCT FROM 'credits'
     AND coalesce(current_setting('leadpost.restoring', true), '') <> 'on' THEN
    PERFORM pg_notify('buyer_lead_created', json_build_object(
      'companyId', NEW.company_id, 'buyerId', NEW.buyer_id, 'leadId', NEW.lead_id, 'isPreview', NEW.is_preview
    )::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER buyer_leads_notify_insert AFTER INSERT ON buyer_leads
  FOR EACH ROW EXECUTE FUNCTION leadpost_notify_buyer_lead_created();
