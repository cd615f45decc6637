-- Cross-instance wake-ups of the routing worker (docs/architecture.md "Realtime"): a submission stored
-- waiting for routing is announced on the channel `routing_wake`, so every instance's worker looks at
-- once instead of at its next poll. Delivered on commit only; one per transaction (same payload).
CREATE OR REPLACE FUNCTION leadpost_notify_routing_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('routing_wake', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER form_submissions_routing_wake AFTER INSERT ON form_submissions
  FOR EACH ROW WHEN (NEW.routing_status = 'pending' AND NEW.lead_id IS NOT NULL)
  EXECUTE FUNCTION leadpost_notify_routing_wake();
--> statement-breakpoint
-- A deleted company's uploads stay listed (company_id set null) instead of vanishing with it, so the
-- file-cleanup job finds them and deletes the files themselves (modules/stored-files).
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stored_files_company_id_index" ON "stored_files" ("company_id");
