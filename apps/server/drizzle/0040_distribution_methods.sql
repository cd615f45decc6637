-- Distribution methods per form and lead filters per buyer (docs/routing.md "Distribution methods"):
-- the form's method, its buyers' priority order, weights and weighted served counts, the buyers' bids
-- per niche (credits per lead) and their filters on a lead's answers.
CREATE TABLE "buyer_bids" (
	"buyer_id" uuid NOT NULL,
	"niche_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"credits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyer_bids_buyer_id_niche_id_pk" PRIMARY KEY("buyer_id","niche_id"),
	CONSTRAINT "buyer_bids_credits" CHECK ("buyer_bids"."credits" between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "form_distribution_buyers" (
	"form_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"served" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_distribution_buyers_form_id_buyer_id_pk" PRIMARY KEY("form_id","buyer_id"),
	CONSTRAINT "form_distribution_buyers_position" CHECK ("form_distribution_buyers"."position" >= 1),
	CONSTRAINT "form_distribution_buyers_weight" CHECK ("form_distribution_buyers"."weight" between 0 and 1000)
);
--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "lead_filters" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "distribution_method" text DEFAULT 'round_robin' NOT NULL;--> statement-breakpoint
ALTER TABLE "buyer_bids" ADD CONSTRAINT "buyer_bids_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_bids" ADD CONSTRAINT "buyer_bids_niche_id_niches_id_fk" FOREIGN KEY ("niche_id") REFERENCES "public"."niches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyer_bids" ADD CONSTRAINT "buyer_bids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_distribution_buyers" ADD CONSTRAINT "form_distribution_buyers_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_distribution_buyers" ADD CONSTRAINT "form_distribution_buyers_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_distribution_buyers" ADD CONSTRAINT "form_distribution_buyers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyer_bids_company_id_niche_id_index" ON "buyer_bids" USING btree ("company_id","niche_id");--> statement-breakpoint
CREATE INDEX "form_distribution_buyers_company_id_buyer_id_index" ON "form_distribution_buyers" USING btree ("company_id","buyer_id");--> statement-breakpoint
-- The same company wall as every company table (docs/security.md §10).
ALTER TABLE "form_distribution_buyers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "form_distribution_buyers_company_wall" ON "form_distribution_buyers" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "buyer_bids" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "buyer_bids_company_wall" ON "buyer_bids" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
