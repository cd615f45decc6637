ALTER TABLE "api_keys" ADD COLUMN "environment" text DEFAULT 'production' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "content" jsonb;
