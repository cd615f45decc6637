CREATE INDEX "idempotency_keys_created_at_index" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rate_limits_last_request_index" ON "rate_limits" USING btree ("last_request");
