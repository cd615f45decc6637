import { and, eq, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { TDeps } from "../../../app-types";
import { formSubmissions } from "../../../db/schema";
import { createYielder, runUrgent } from "../../../lib/yield";
import { routeLead, type TNoticeBatch, type TRoutingOutcome } from "../decide/route-lead";
import { queueNewLeadNotices } from "../notices/new-lead-notice";

export const MAX_ROUTING_ATTEMPTS = 5;
/** How long one claim may hold a submission before another worker assumes its server died (default). */
export const ROUTING_LEASE_MS = 2 * 60_000;
/**
 * The NOTIFY channel that wakes every instance's routing worker: the database publishes on it when a
 * submission waiting for routing is stored (a trigger on form_submissions, db/functions/leadpost_notify_routing_wake.sql), and
 * routeClaimed when it hands claims back. Never forwarded to a browser (not a realtime channel).
 */
export const ROUTING_WAKE_CHANNEL = "routing_wake";
const RETRY_BASE_MS = 60_000;

export type TRoutingDeps = Pick<TDeps, "database" | "logger" | "email" | "config" | "jobs" | "payBid">;
export type TClaimedSubmission = { id: string; companyId: string; leadId: string; attempts: number };

/**
 * Claims due submissions: new ones (pending, due at once), failed ones whose backoff has passed, and
 * claimed ones whose lease ran out because their worker stopped mid-batch. FOR UPDATE SKIP LOCKED lets
 * several workers (several server instances) claim at once without taking the same row; the claim
 * counts the attempt and sets the lease, so a crashed worker's submissions come back once it ends.
 */
export async function claimDueSubmissions(
  deps: Pick<TDeps, "database">,
  limit: number,
  leaseMs = ROUTING_LEASE_MS,
): Promise<TClaimedSubmission[]> {
  const db = deps.database.db;
  const due = db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(
      and(
        inArray(formSubmissions.routingStatus, ["pending", "failed"]),
        lte(formSubmissions.routingNextAttemptAt, sql`now()`),
        lt(formSubmissions.routingAttempts, MAX_ROUTING_ATTEMPTS),
        isNotNull(formSubmissions.leadId),
      ),
    )
    .orderBy(formSubmissions.routingNextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(formSubmissions)
    .set({
      routingAttempts: sql`${formSubmissions.routingAttempts} + 1`,
      routingNextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(inArray(formSubmissions.id, due))
    .returning({
      id: formSubmissions.id,
      companyId: formSubmissions.companyId,
      leadId: formSubmissions.leadId,
      attempts: formSubmissions.routingAttempts,
    });
  return claimed.flatMap((r) =>
    r.leadId ? [{ id: r.id, companyId: r.companyId, leadId: r.leadId, attempts: r.attempts }] : [],
  );
}

/**
 * Routes the lead of each claimed submission (`parallel` at a time) and records how each went:
 * the decided ones in one update, a failure as `failed` with the next attempt time (backing off) or
 * given up after MAX_ROUTING_ATTEMPTS. Never throws: the lease brings back whatever is not recorded.
 * Once `stopping()` answers true no further lead is started, and the claims not started are handed
 * back at once (due now, the attempt not counted), so a server shutting down neither waits for a whole
 * batch nor leaves its leads waiting for the lease to run out.
 */
export async function routeClaimed(
  deps: TRoutingDeps,
  claimed: readonly TClaimedSubmission[],
  parallel = 4,
  stopping: () => boolean = () => false,
): Promise<void> {
  const decided: { id: string; outcome: TRoutingOutcome }[] = [];
  // The buyers' new-lead notices of the whole batch: one job, queued once the batch ends.
  const notices: TNoticeBatch = { leadIds: [] };
  let next = 0;
  const yieldNow = createYielder();
  const lane = async () => {
    while (next < claimed.length && !stopping()) {
      // Between leads, requests waiting for the event loop go first once the batch has held it a while.
      await yieldNow();
      // Another lane may have taken the last lead meanwhile, or the worker been told to stop.
      if (next >= claimed.length || stopping()) break;
      const job = claimed[next++]!;
      try {
        // The submission's company: a submission naming another company's lead routes nothing.
        const { outcome } = await routeLead(deps, job.leadId, notices, job.companyId);
        decided.push({ id: job.id, outcome });
      } catch (err) {
        await recordFailure(deps, job, err);
      }
    }
  };
  // Bulk background work (new-lead notices) waits while the batch runs (lib/yield.ts runUrgent).
  await runUrgent(() => Promise.all(Array.from({ length: Math.min(parallel, claimed.length) }, lane)));
  await queueNewLeadNotices(deps, notices.leadIds);
  const notStarted = claimed.slice(next).map((job) => job.id);
  if (notStarted.length > 0) {
    await deps.database.db
      .update(formSubmissions)
      .set({
        routingAttempts: sql`${formSubmissions.routingAttempts} - 1`,
        routingNextAttemptAt: sql`now()`,
      })
      .where(inArray(formSubmissions.id, notStarted))
      // Another instance takes them at once.
      .then(() => deps.database.db.execute(sql`select pg_notify(${ROUTING_WAKE_CHANNEL}, '')`))
      .catch((err) => deps.logger.error({ err }, "could not hand back unstarted routing claims"));
  }
  if (decided.length === 0) return;
  await deps.database.db
    .execute(sql`
      update ${formSubmissions} s
         set routing_status = d.outcome, routing_error = null, routing_next_attempt_at = null
        from jsonb_to_recordset(${JSON.stringify(decided)}::jsonb) as d(id uuid, outcome text)
       where s.id = d.id`)
    .catch((err) => deps.logger.error({ err }, "could not record routing outcomes"));
}

async function recordFailure(deps: TRoutingDeps, job: TClaimedSubmission, err: unknown) {
  const givingUp = job.attempts >= MAX_ROUTING_ATTEMPTS;
  deps.logger.warn({ err, submissionId: job.id, attempts: job.attempts, givingUp }, "routing failed");
  const retryAt = new Date(Date.now() + RETRY_BASE_MS * 2 ** (job.attempts - 1));
  await deps.database.db
    .update(formSubmissions)
    .set({
      routingStatus: "failed",
      routingError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
      routingNextAttemptAt: givingUp ? null : retryAt,
    })
    .where(eq(formSubmissions.id, job.id))
    // If even this write fails, the lease taken by the claim brings the submission back later.
    .catch((writeErr) => deps.logger.error({ err: writeErr }, "could not record a routing failure"));
}

/**
 * Routes every submission that is due now, batch after batch, and returns how many it claimed: the
 * tests' way to drive routing explicitly (servers run the routing worker, which claims the same way).
 */
export async function retryFailedRouting(deps: TRoutingDeps, limit = 20): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await claimDueSubmissions(deps, limit);
    await routeClaimed(deps, claimed);
    total += claimed.length;
    if (claimed.length < limit) return total;
  }
}
