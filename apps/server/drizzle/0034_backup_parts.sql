-- A backup is stored in parts in the file storage (its key and how many parts), no longer as one jsonb
-- value; a company's file may pass 2 GB.
ALTER TABLE "backups" ADD COLUMN "part_count" integer;--> statement-breakpoint
ALTER TABLE "backups" ALTER COLUMN "size_bytes" SET DATA TYPE bigint;
