-- The receives_leads_since trigger (migration 0023) with its condition generated from the eligibility
-- rules marked `account` (apps/server/src/modules/lead-distribution/decide/eligibility.ts,
-- receivesLeadsSinceFunctionBody): the same condition as before, now from the one definition.
-- test/eligibility.test.ts compares the installed function with what the definition yields.
CREATE OR REPLACE FUNCTION leadpost_buyer_receives_leads_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.receives_leads_since IS NULL AND ((NEW.deleted_at is null) and (NEW.status = 'active')) THEN
    NEW.receives_leads_since := now();
  END IF;
  RETURN NEW;
END $$;
