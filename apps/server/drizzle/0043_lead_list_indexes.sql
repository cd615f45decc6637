-- A company of a million leads (issue 26): the leads list's order (newest first, then id) read from one
-- index, so a page and a keyset cursor start where they are without sorting; the per-status counts of
-- the list and the dashboard's total as an index-only scan. The old (company_id, created_at) index is
-- this one's prefix.
DROP INDEX IF EXISTS "leads_company_id_created_at_index";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_company_id_created_at_id_index" ON "leads" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_company_id_is_test_status_index" ON "leads" USING btree ("company_id","is_test","status");
