-- One routing decision row per lead (issue 18): the reasons (one per buyer considered, e-mail entry and
-- closing summary line, in the order shown) are a JSON array in one row instead of one row each, so a
-- lead near many buyers writes one row. Existing decisions are carried over in their order.
CREATE TEMP TABLE "lead_routing_decisions_carried" ON COMMIT DROP AS
SELECT "lead_id", "company_id", min("created_at") AS "decided_at",
       jsonb_agg(jsonb_build_object(
         'buyerId', "buyer_id", 'matched', "matched", 'reason', "reason",
         'distanceMiles', "distance_miles", 'outcome', "outcome", 'at', "created_at"
       ) ORDER BY "created_at", "id") AS "reasons"
  FROM "lead_routing_decisions"
 GROUP BY "lead_id", "company_id";
--> statement-breakpoint
DROP TABLE "lead_routing_decisions";
--> statement-breakpoint
CREATE TABLE "lead_routing_decisions" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_routing_decisions" ADD CONSTRAINT "lead_routing_decisions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_routing_decisions" ADD CONSTRAINT "lead_routing_decisions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "lead_routing_decisions_company_id_index" ON "lead_routing_decisions" USING btree ("company_id");
--> statement-breakpoint
INSERT INTO "lead_routing_decisions" ("lead_id", "company_id", "reasons", "decided_at")
SELECT "lead_id", "company_id", "reasons", "decided_at" FROM "lead_routing_decisions_carried";
--> statement-breakpoint
-- The same company wall as before (migration 0009, docs/security.md §10).
ALTER TABLE "lead_routing_decisions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "lead_routing_decisions_company_wall" ON "lead_routing_decisions" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
