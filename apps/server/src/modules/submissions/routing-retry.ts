import { and, eq, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { formSubmissions } from "../../db/schema";
import { routeLead } from "../routing";

export const MAX_ROUTING_ATTEMPTS = 5;
/** How long one routing run may hold a submission before the retry job assumes its server died. */
export const ROUTING_LEASE_MS = 2 * 60_000;
const RETRY_BASE_MS = 60_000;

export const routingLeaseEnd = (from = Date.now()) => new Date(from + ROUTING_LEASE_MS);

type TRoutingDeps = Pick<TDeps, "database" | "logger" | "email" | "config">;

/**
 * Runs the routing hook for one submission's lead and records how it went on the submission. Never
 * throws: a failure is stored as `failed` with the next attempt time (backing off), so the visitor's
 * answer never depends on routing.
 */
export async function runRouting(
  deps: TRoutingDeps,
  job: { submissionId: string; leadId: string; attempts: number },
): Promise<void> {
  const db = deps.database.db;
  try {
    const { outcome } = await routeLead(deps, job.leadId);
    await db
      .update(formSubmissions)
      .set({ routingStatus: outcome, routingError: null, routingNextAttemptAt: null })
      .where(eq(formSubmissions.id, job.submissionId));
  } catch (err) {
    const givingUp = job.attempts >= MAX_ROUTING_ATTEMPTS;
    deps.logger.warn(
      { err, submissionId: job.submissionId, attempts: job.attempts, givingUp },
      "routing failed",
    );
    const retryAt = new Date(Date.now() + RETRY_BASE_MS * 2 ** (job.attempts - 1));
    await db
      .update(formSubmissions)
      .set({
        routingStatus: "failed",
        routingError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        routingNextAttemptAt: givingUp ? null : retryAt,
      })
      .where(eq(formSubmissions.id, job.submissionId))
      // If even this write fails, the lease taken before routing brings the submission back later.
      .catch((writeErr) => deps.logger.error({ err: writeErr }, "could not record a routing failure"));
  }
}

/**
 * The retry job: claims due submissions (failed ones whose backoff has passed, and pending ones whose
 * lease ran out because their server stopped mid-routing) with FOR UPDATE SKIP LOCKED, so several
 * server instances never route the same one at once, then routes them again.
 */
export async function retryFailedRouting(deps: TRoutingDeps, limit = 20): Promise<number> {
  const db = deps.database.db;
  const now = new Date();
  const due = db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(
      and(
        inArray(formSubmissions.routingStatus, ["pending", "failed"]),
        lte(formSubmissions.routingNextAttemptAt, now),
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
      routingNextAttemptAt: routingLeaseEnd(now.getTime()),
    })
    .where(inArray(formSubmissions.id, due))
    .returning({
      id: formSubmissions.id,
      leadId: formSubmissions.leadId,
      attempts: formSubmissions.routingAttempts,
    });
  for (const row of claimed) {
    if (row.leadId)
      await runRouting(deps, { submissionId: row.id, leadId: row.leadId, attempts: row.attempts });
  }
  return claimed.length;
}
