CREATE TABLE "payment_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text DEFAULT 'paypal' NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"resource_id" text,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "paypal_webhook_id" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "paypal_sandbox_webhook_id" text;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_provider_event_id_index" ON "payment_webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_webhook_events_company_id_created_at_index" ON "payment_webhook_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_transactions_expiring_lots" ON "credit_transactions" USING btree ("expires_at") WHERE "credit_transactions"."expires_at" is not null;