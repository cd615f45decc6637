-- The buyers' new-lead notices leave the routing (docs/routing.md "New-lead notices"): the routing's
-- write statement stores one row per lead naming the buyers it reached, and a job renders and stores
-- their e-mails afterwards, deleting the row in the same statement (so a notice is sent once).
CREATE TABLE "new_lead_notices" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"buyer_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "new_lead_notices" ADD CONSTRAINT "new_lead_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "new_lead_notices" ADD CONSTRAINT "new_lead_notices_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "new_lead_notices_created_at_index" ON "new_lead_notices" USING btree ("created_at");
--> statement-breakpoint
-- The same company wall as every company table (docs/security.md §10).
ALTER TABLE "new_lead_notices" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "new_lead_notices_company_wall" ON "new_lead_notices" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
