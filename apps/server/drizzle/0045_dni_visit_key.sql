-- The visit's own id, made by the pasted script on its first page: a later page or a resent start names
-- the same visit (unique per company), so a visitor who moves on before the first answer keeps it.
ALTER TABLE "dni_sessions" ADD COLUMN "visit_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "dni_sessions_company_id_visit_key_index" ON "dni_sessions" USING btree ("company_id","visit_key");