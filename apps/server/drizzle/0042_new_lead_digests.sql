-- New-lead notices per buyer: one e-mail opens a window, the leads of the next minutes go into one
-- digest (docs/routing.md "New-lead notices").
CREATE TABLE "buyer_notice_windows" (
	"buyer_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_lead_digest_items" (
	"buyer_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"is_preview" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "new_lead_digest_items_buyer_id_lead_id_pk" PRIMARY KEY("buyer_id","lead_id")
);
--> statement-breakpoint
ALTER TABLE "buyer_notice_windows" ADD CONSTRAINT "buyer_notice_windows_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "buyer_notice_windows" ADD CONSTRAINT "buyer_notice_windows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "new_lead_digest_items" ADD CONSTRAINT "new_lead_digest_items_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "new_lead_digest_items" ADD CONSTRAINT "new_lead_digest_items_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "new_lead_digest_items" ADD CONSTRAINT "new_lead_digest_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "buyer_notice_windows_opened_at_index" ON "buyer_notice_windows" USING btree ("opened_at");
--> statement-breakpoint
-- The same company wall as every company table (docs/security.md §10).
ALTER TABLE "buyer_notice_windows" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "buyer_notice_windows_company_wall" ON "buyer_notice_windows" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "new_lead_digest_items" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "new_lead_digest_items_company_wall" ON "new_lead_digest_items" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
