-- When a buyer first became able to receive leads (active, not archived): only leads routed since then are
-- its previews (docs/routing.md "Previews"), so a newly registered buyer does not see the company's older leads.
-- The condition is generated from the eligibility rules marked `account`
-- (apps/server/src/modules/lead-distribution/decide/eligibility.ts, receivesLeadsSinceFunctionBody);
-- test/eligibility.test.ts holds this file and the installed function equal to what the rules yield.
CREATE OR REPLACE FUNCTION leadpost_buyer_receives_leads_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.receives_leads_since IS NULL AND ((NEW.deleted_at is null) and (NEW.status = 'active')) THEN
    NEW.receives_leads_since := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER buyers_receives_leads_since BEFORE INSERT OR UPDATE OF status, deleted_at ON buyers
  FOR EACH ROW EXECUTE FUNCTION leadpost_buyer_receives_leads_since();
