-- Honest call outcomes, replay-proof voice webhooks, test calls kept apart, company-wide call settings
-- (docs/call-center.md "Outcomes" and "Call settings").
-- call_logs.outcome: answered, missed, voicemail or blocked (null while the call is live); dial_status:
-- the last <Dial> outcome Twilio reported (DialCallStatus); voice_twiml and dial_targets: the first
-- answer to the voice webhook and the order it rings, so a replayed webhook answers the same and the
-- after-dial steps follow that order; is_test: a Test Call Center call, never shown or counted.
ALTER TABLE "call_logs" ADD COLUMN "outcome" text;
--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "dial_status" text;
--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "voice_twiml" text;
--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "dial_targets" jsonb;
--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Calls logged before: answered when completed (what they counted as), missed when they ended otherwise.
UPDATE "call_logs" SET "outcome" = CASE
  WHEN "status" = 'blocked' THEN 'blocked'
  WHEN "status" IN ('completed', 'answered') THEN 'answered'
  ELSE 'missed' END
WHERE "status" NOT IN ('queued', 'initiated', 'ringing', 'in-progress');
--> statement-breakpoint
UPDATE "call_logs" SET "outcome" = 'voicemail'
WHERE "call_sid" IN (SELECT "call_sid" FROM "voicemails" WHERE "call_sid" IS NOT NULL);
--> statement-breakpoint
CREATE TABLE "call_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"routing_strategy" text DEFAULT 'sequential' NOT NULL,
	"record_calls" boolean DEFAULT false NOT NULL,
	"voicemail_enabled" boolean DEFAULT true NOT NULL,
	"transcribe_voicemail" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_settings" ADD CONSTRAINT "call_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The same company wall as every company table (docs/security.md §10).
ALTER TABLE "call_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "call_settings_company_wall" ON "call_settings" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
