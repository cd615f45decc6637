-- Delivery into the buyer's own systems (docs/lead-delivery.md): a buyer's endpoints, one delivery per
-- lead and endpoint (its id is the delivery id header), and every attempt with the buyer's answer.
CREATE TABLE IF NOT EXISTS "delivery_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"format" text DEFAULT 'json' NOT NULL,
	"field_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"secret_last4" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "endpoint_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"endpoint_id" uuid,
	"lead_id" uuid,
	"is_test" boolean DEFAULT false NOT NULL,
	"endpoint_name" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"claimed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "endpoint_delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"outcome" text NOT NULL,
	"reason" text,
	"response_excerpt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_endpoints" ADD CONSTRAINT "delivery_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_endpoints" ADD CONSTRAINT "delivery_endpoints_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "endpoint_deliveries" ADD CONSTRAINT "endpoint_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "endpoint_deliveries" ADD CONSTRAINT "endpoint_deliveries_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "endpoint_deliveries" ADD CONSTRAINT "endpoint_deliveries_endpoint_id_delivery_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."delivery_endpoints"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "endpoint_deliveries" ADD CONSTRAINT "endpoint_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "endpoint_delivery_attempts" ADD CONSTRAINT "endpoint_delivery_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "endpoint_delivery_attempts" ADD CONSTRAINT "endpoint_delivery_attempts_delivery_id_endpoint_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."endpoint_deliveries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "delivery_endpoints_company_id_buyer_id_index" ON "delivery_endpoints" USING btree ("company_id","buyer_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "endpoint_deliveries_endpoint_lead_unique" ON "endpoint_deliveries" USING btree ("endpoint_id","lead_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "endpoint_deliveries_lead_id_index" ON "endpoint_deliveries" USING btree ("lead_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "endpoint_deliveries_company_id_buyer_id_index" ON "endpoint_deliveries" USING btree ("company_id","buyer_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "endpoint_deliveries_open_idx" ON "endpoint_deliveries" USING btree ("updated_at") WHERE status in ('pending', 'retrying', 'sending');
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "endpoint_delivery_attempts_delivery_id_attempt_index" ON "endpoint_delivery_attempts" USING btree ("delivery_id","attempt");
--> statement-breakpoint
-- The same company wall as every company table (docs/security.md §10).
ALTER TABLE "delivery_endpoints" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "delivery_endpoints_company_wall" ON "delivery_endpoints" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "endpoint_deliveries" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "endpoint_deliveries_company_wall" ON "endpoint_deliveries" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "endpoint_delivery_attempts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "endpoint_delivery_attempts_company_wall" ON "endpoint_delivery_attempts" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
