-- Platform admins may suspend a company (its users see a clear page, its public forms a polite closed
-- message, nothing is deleted) and reinstate it; the reason is kept for the company page.
ALTER TABLE "companies" ADD COLUMN IF NOT EXISTS "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN IF NOT EXISTS "suspended_reason" text;
