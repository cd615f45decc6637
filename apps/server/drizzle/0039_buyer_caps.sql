-- Caps and schedules per buyer (docs/routing.md "Caps, delivery hours and pauses"): the buyer's caps, zone,
-- delivery hours and pause end; its counters per period; the leads routing skipped it for by a cap or its hours.
CREATE TABLE "buyer_lead_counters" (
	"buyer_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"day" date,
	"day_leads" integer DEFAULT 0 NOT NULL,
	"week" date,
	"week_leads" integer DEFAULT 0 NOT NULL,
	"month" date,
	"month_leads" integer DEFAULT 0 NOT NULL,
	"spend_day" date,
	"spent_credits" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "buyer_lead_skips" (
	"buyer_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_lead_skips_buyer_id_lead_id_pk" PRIMARY KEY("buyer_id","lead_id")
);
--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "weekly_cap" integer;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "spend_cap_credits" integer;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "delivery_hours" jsonb;--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "buyer_lead_counters" ADD CONSTRAINT "buyer_lead_counters_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_lead_counters" ADD CONSTRAINT "buyer_lead_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_lead_skips" ADD CONSTRAINT "buyer_lead_skips_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_lead_skips" ADD CONSTRAINT "buyer_lead_skips_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_lead_skips" ADD CONSTRAINT "buyer_lead_skips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyers" ADD CONSTRAINT "buyers_caps_non_negative" CHECK (coalesce("buyers"."daily_cap", 0) >= 0 and coalesce("buyers"."weekly_cap", 0) >= 0 and coalesce("buyers"."monthly_cap", 0) >= 0 and coalesce("buyers"."spend_cap_credits", 0) >= 0);
--> statement-breakpoint
-- The same company wall as every company table (docs/security.md §10).
ALTER TABLE "buyer_lead_counters" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "buyer_lead_counters_company_wall" ON "buyer_lead_counters" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "buyer_lead_skips" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "buyer_lead_skips_company_wall" ON "buyer_lead_skips" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
