/**
 * Lead distribution: one lead's way from the public form to its buyers, in five parts.
 * - intake/    the accept path: the published form (cached), spam and tracking, the lead of a
 *              submission, and the one statement that stores them (accept_submission);
 * - worker/    the routing worker: claims stored submissions (lease, retries) and routes their leads;
 * - decide/    routing itself: which buyers may receive the lead (eligibility.ts, one definition for
 *              TypeScript and SQL), who gets full access, the decision's reasons, e-mail routing, and
 *              the company's manual assignment;
 * - previews/  the buyers that see a lead as a preview, derived when read by the same eligibility;
 * - notices/   the new-lead e-mails to the buyers a routing reached: one per buyer at once, the
 *              leads of the next minutes in one digest.
 * Other modules use only what this file exports.
 */
export { registerRoutingRoutes } from "./decide/assign-routes";
export { countSpendWithinCap, readCounters } from "./decide/cap-counters";
export { routeLead, type TRoutingOutcome } from "./decide/route-lead";
export { countRefusedSubmission, SubmissionRateLimitedError, submitForm } from "./intake/accept";
export { forgetPublicForm } from "./intake/form-cache";
export { loadPublicForm } from "./intake/public-form";
export { NEW_LEAD_DIGESTS_JOB, sendNewLeadDigests } from "./notices/digest";
export {
  NEW_LEAD_NOTICES_JOB,
  sendNewLeadNotices,
  sweepNewLeadNotices,
} from "./notices/new-lead-notice";
export {
  isPreviewInWalkOf,
  isPreviewOf,
  leadPreviewBuyers,
  leadsInBuyerBoxUpTo,
  previewLeadIdsOf,
  previewReads,
  type TLeadPreviewBuyer,
} from "./previews/queries";
export { retryFailedRouting } from "./worker/routing-retry";
export { startRoutingWorker, type TRoutingWorker } from "./worker/routing-worker";
