import { queueNewLeadNotices } from "../buyers";
import { routeLeadNow, type TNoticeBatch, type TRoutingDeps, type TRoutingOutcome } from "./route-lead";

export type { TNoticeBatch, TRoutingOutcome };

/**
 * THE routing hook: called once for every new non-spam lead after its submission is stored and
 * acknowledged, and again by the retry job while it throws. Throwing marks the submission's routing
 * as failed and schedules a retry; the visitor never sees it. Safe to run twice for a lead, also at
 * the same time: the engine (modules/routing) routes a lead only while it is still `new`.
 * "routed": routing ran to the end (whatever it matched); "unrouted": no location, left for manual assignment.
 * With `batch` (the routing worker's), the buyers' new-lead notices wait for queueBatchNotices.
 * With `companyId` (the submission's, wherever the caller has it), a lead of another company is not found.
 */
export function routeLead(
  deps: TRoutingDeps,
  leadId: string,
  batch?: TNoticeBatch,
  companyId?: string,
): Promise<{ outcome: TRoutingOutcome }> {
  return routeLeadNow(deps, leadId, batch, companyId);
}

/** Queues one job for the new-lead notices of a batch's routed leads (see TNoticeBatch). Never throws. */
export function queueBatchNotices(deps: TRoutingDeps, batch: TNoticeBatch): Promise<void> {
  return queueNewLeadNotices(deps, batch.leadIds);
}
