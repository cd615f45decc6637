-- Lead returns (docs/returns.md): a company's return rules, buyers' returns of leads they bought (one per
-- buyer and lead, refunded through the credit ledger once approved), and the company's mark that a
-- lead's phone number is invalid (an auto-approve rule reads it). Each behind the company wall.
CREATE TABLE "return_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"window_days" integer DEFAULT 7 NOT NULL,
	"reasons" text[] DEFAULT '{"Wrong number","Duplicate","Out of area"}'::text[] NOT NULL,
	"auto_approve_phone_invalid" boolean DEFAULT false NOT NULL,
	"resell_on_approve" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_settings_window" CHECK ("return_settings"."window_days" between 1 and 90)
);
--> statement-breakpoint
ALTER TABLE "return_settings" ADD CONSTRAINT "return_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "lead_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"purchase_transaction_id" uuid,
	"credits" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"resold" boolean DEFAULT false NOT NULL,
	"refund_transaction_id" uuid,
	"purchased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_returns_credits" CHECK ("lead_returns"."credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lead_returns" ADD CONSTRAINT "lead_returns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_returns" ADD CONSTRAINT "lead_returns_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_returns" ADD CONSTRAINT "lead_returns_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_returns" ADD CONSTRAINT "lead_returns_purchase_transaction_id_credit_transactions_id_fk" FOREIGN KEY ("purchase_transaction_id") REFERENCES "public"."credit_transactions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_returns" ADD CONSTRAINT "lead_returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_returns" ADD CONSTRAINT "lead_returns_refund_transaction_id_credit_transactions_id_fk" FOREIGN KEY ("refund_transaction_id") REFERENCES "public"."credit_transactions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "lead_returns_buyer_lead_unique" ON "lead_returns" USING btree ("buyer_id","lead_id");
--> statement-breakpoint
CREATE INDEX "lead_returns_company_id_status_created_at_index" ON "lead_returns" USING btree ("company_id","status","created_at");
--> statement-breakpoint
CREATE INDEX "lead_returns_lead_id_index" ON "lead_returns" USING btree ("lead_id");
--> statement-breakpoint
CREATE TABLE "lead_phone_marks" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"marked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_phone_marks" ADD CONSTRAINT "lead_phone_marks_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_phone_marks" ADD CONSTRAINT "lead_phone_marks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_phone_marks" ADD CONSTRAINT "lead_phone_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "lead_phone_marks_company_id_index" ON "lead_phone_marks" USING btree ("company_id");
--> statement-breakpoint
-- The same company wall as every company table (docs/security.md §10).
ALTER TABLE "return_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "return_settings_company_wall" ON "return_settings" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "lead_returns" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "lead_returns_company_wall" ON "lead_returns" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "lead_phone_marks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "lead_phone_marks_company_wall" ON "lead_phone_marks" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
