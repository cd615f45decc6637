-- Row-level security for the call center, call tracking, team invitations, preferences and backups:
-- the same company wall as 0009 (docs/security.md §10). Webhooks, the DNI script and jobs run in the
-- system context and are not subject to it.
ALTER TABLE "phone_numbers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "phone_numbers_company_wall" ON "phone_numbers" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "routing_numbers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "routing_numbers_company_wall" ON "routing_numbers" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "twilio_number_routing" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "twilio_number_routing_company_wall" ON "twilio_number_routing" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "call_center_agents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "call_center_agents_company_wall" ON "call_center_agents" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "blocked_calls" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "blocked_calls_company_wall" ON "blocked_calls" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "call_logs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "call_logs_company_wall" ON "call_logs" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "voicemails" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "voicemails_company_wall" ON "voicemails" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "dni_numbers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "dni_numbers_company_wall" ON "dni_numbers" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "dni_sessions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "dni_sessions_company_wall" ON "dni_sessions" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "tracking_numbers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tracking_numbers_company_wall" ON "tracking_numbers" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "call_tracking_logs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "call_tracking_logs_company_wall" ON "call_tracking_logs" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "team_invitations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "team_invitations_company_wall" ON "team_invitations" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "company_preferences" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "company_preferences_company_wall" ON "company_preferences" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "backups" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "backups_company_wall" ON "backups" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
