ALTER TABLE "call_tracking_logs" ADD COLUMN "dni_session_id" uuid;--> statement-breakpoint
ALTER TABLE "call_tracking_logs" ADD COLUMN "called_number" text;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD COLUMN "shown_number" text;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "dni_sessions" ADD COLUMN "click_id" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "dni_public_key" text;--> statement-breakpoint
ALTER TABLE "call_tracking_logs" ADD CONSTRAINT "call_tracking_logs_dni_session_id_dni_sessions_id_fk" FOREIGN KEY ("dni_session_id") REFERENCES "public"."dni_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_tracking_logs_company_id_call_sid_index" ON "call_tracking_logs" USING btree ("company_id","call_sid");--> statement-breakpoint
CREATE INDEX "call_tracking_logs_company_id_caller_number_index" ON "call_tracking_logs" USING btree ("company_id","caller_number");--> statement-breakpoint
CREATE INDEX "dni_sessions_company_id_shown_number_created_at_index" ON "dni_sessions" USING btree ("company_id","shown_number","created_at");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_dniPublicKey_unique" UNIQUE("dni_public_key");