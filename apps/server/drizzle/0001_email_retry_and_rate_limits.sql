ALTER TABLE "email_messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_messages_status_next_attempt_at_index" ON "email_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- rate_limits only holds transient counters, so it is recreated in better-auth's shape rather than altered.
DROP TABLE "rate_limits";--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
