-- Cross-instance wake-ups of the routing worker (docs/architecture.md "Realtime"): a submission stored
-- waiting for routing is announced on the channel `routing_wake`, so every instance's worker looks at
-- once instead of at its next poll. Delivered on commit only; one per transaction (same payload).
CREATE OR REPLACE FUNCTION leadpost_notify_routing_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('routing_wake', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER form_submissions_routing_wake AFTER INSERT ON form_submissions
  FOR EACH ROW WHEN (NEW.routing_status = 'pending' AND NEW.lead_id IS NOT NULL)
  EXECUTE FUNCTION leadpost_notify_routing_wake();
