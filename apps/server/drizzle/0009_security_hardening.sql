ALTER TABLE "credit_transactions" ADD COLUMN "request_hash" text;
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
-- Row-level security, the second wall behind every query's company_id filter (docs/security.md).
-- leadpost_app: the role company requests switch to (SET LOCAL ROLE via set_config('role', ..., true));
-- it owns nothing and is no superuser, so the policies below apply to it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'leadpost_app') THEN
    CREATE ROLE leadpost_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database of the same server created it at the same moment
END $$;
--> statement-breakpoint
-- The application's own login role must be allowed to switch to it (implicit for superusers).
DO $$
BEGIN
  EXECUTE format('GRANT leadpost_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'could not grant leadpost_app to %: %', current_user, SQLERRM;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO leadpost_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO leadpost_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO leadpost_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO leadpost_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO leadpost_app;
--> statement-breakpoint
ALTER TABLE "leads" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "leads_company_wall" ON "leads" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "lead_routing_decisions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "lead_routing_decisions_company_wall" ON "lead_routing_decisions" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "buyer_leads" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "buyer_leads_company_wall" ON "buyer_leads" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "lead_deliveries" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "lead_deliveries_company_wall" ON "lead_deliveries" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "form_submissions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "form_submissions_company_wall" ON "form_submissions" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "forms" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "forms_company_wall" ON "forms" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "form_buyers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "form_buyers_company_wall" ON "form_buyers" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "form_email_routing" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "form_email_routing_company_wall" ON "form_email_routing" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "buyers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "buyers_company_wall" ON "buyers" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "niches" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "niches_company_wall" ON "niches" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "credit_transactions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "credit_transactions_company_wall" ON "credit_transactions" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "credit_lot_allocations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "credit_lot_allocations_company_wall" ON "credit_lot_allocations" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "payment_orders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "payment_orders_company_wall" ON "payment_orders" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "company_secrets" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "company_secrets_company_wall" ON "company_secrets" USING ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid) WITH CHECK ("company_id" = nullif(current_setting('leadpost.company_id', true), '')::uuid);
