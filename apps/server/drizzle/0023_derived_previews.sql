-- Previews derived on read (docs/routing.md "Previews"): routing no longer writes a buyer_leads row per
-- buyer a lead matched. A buyer's previews are read from the leads near it (this index on the lead's
-- place, like buyers_service_area_box for buyers), its rules, and the rows below.
CREATE INDEX "leads_location_point" ON "leads" USING gist (point("longitude", "latitude")) WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
--> statement-breakpoint
-- When a buyer first became able to receive leads (active, not archived): only leads routed since then are
-- its previews, so a newly registered buyer does not see the company's older leads. Set by the trigger below.
ALTER TABLE "buyers" ADD COLUMN "receives_leads_since" timestamp with time zone;
--> statement-breakpoint
-- Buyers active today keep exactly what they see: their existing preview rows stay readable (buyer_leads
-- rows with is_preview = true still count), and derived previews start with leads routed from now on.
UPDATE "buyers" SET "receives_leads_since" = now() WHERE "status" = 'active' AND "deleted_at" IS NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION leadpost_buyer_receives_leads_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.receives_leads_since IS NULL AND NEW.status = 'active' AND NEW.deleted_at IS NULL THEN
    NEW.receives_leads_since := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER buyers_receives_leads_since BEFORE INSERT OR UPDATE OF status, deleted_at ON buyers
  FOR EACH ROW EXECUTE FUNCTION leadpost_buyer_receives_leads_since();
--> statement-breakpoint
-- A preview the buyer deleted from its list (the portal's delete and bulk delete).
CREATE TABLE "buyer_lead_dismissals" (
	"company_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_lead_dismissals_buyer_id_lead_id_pk" PRIMARY KEY("buyer_id","lead_id")
);
--> statement-breakpoint
ALTER TABLE "buyer_lead_dismissals" ADD CONSTRAINT "buyer_lead_dismissals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "buyer_lead_dismissals" ADD CONSTRAINT "buyer_lead_dismissals_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "buyer_lead_dismissals" ADD CONSTRAINT "buyer_lead_dismissals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "buyer_lead_dismissals_lead_id_index" ON "buyer_lead_dismissals" USING btree ("lead_id");
--> statement-breakpoint
-- The same company wall as every company table (docs/security.md §10).
ALTER TABLE "buyer_lead_dismissals" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "buyer_lead_dismissals_company_wall" ON "buyer_lead_dismissals" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
-- A purchase now inserts the buyer's full-access entry (there is no preview row to upgrade): the buyer
-- bought it itself, so, as before, its credits_changed is the one live event of the sale.
CREATE OR REPLACE FUNCTION leadpost_notify_buyer_lead_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.acquired_via IS DISTINCT FROM 'credits' THEN
    PERFORM pg_notify('buyer_lead_created', json_build_object(
      'companyId', NEW.company_id, 'buyerId', NEW.buyer_id, 'leadId', NEW.lead_id, 'isPreview', NEW.is_preview
    )::text);
  END IF;
  RETURN NULL;
END $$;
