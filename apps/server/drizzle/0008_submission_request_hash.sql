ALTER TABLE "form_submissions" ADD COLUMN "request_hash" text;
