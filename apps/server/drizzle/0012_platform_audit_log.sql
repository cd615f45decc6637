CREATE TABLE "platform_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"admin_user_id" text NOT NULL,
	"admin_email" text,
	"target_user_id" text NOT NULL,
	"target_email" text,
	"session_id" text,
	"detail" text,
	"company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "platform_audit_log_created_at_index" ON "platform_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "platform_audit_log_admin_user_id_index" ON "platform_audit_log" USING btree ("admin_user_id");
