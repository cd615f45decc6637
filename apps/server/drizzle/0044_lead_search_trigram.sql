-- A company of a million leads (issue 26): the leads list's search (a part of the name, e-mail, phone,
-- city or ZIP, ILIKE '%…%') read from one trigram index instead of every lead. pg_trgm is a trusted
-- extension (PostgreSQL 13+: the database's owner may create it); the embedded database loads it from
-- @electric-sql/pglite/contrib/pg_trgm (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_search_trigram" ON "leads" USING gin ("name" gin_trgm_ops,"email" gin_trgm_ops,"phone" gin_trgm_ops,"city" gin_trgm_ops,"zip_code" gin_trgm_ops);
