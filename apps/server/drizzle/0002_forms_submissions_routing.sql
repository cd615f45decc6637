ALTER TABLE "form_submissions" ADD COLUMN "routing_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "form_submissions_routing_due" ON "form_submissions" USING btree ("routing_next_attempt_at") WHERE "form_submissions"."routing_status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "buyer_leads_lead_id_index" ON "buyer_leads" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "leads_form_id_index" ON "leads" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "leads_submission_id_index" ON "leads" USING btree ("submission_id");