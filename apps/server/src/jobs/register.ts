import type { TDeps } from "../app-types";
import { runDueDailyBackups } from "../modules/backups";
import { sweepStaleCalls } from "../modules/calls";
import { runCreditExpiry } from "../modules/credits";
import {
  LEAD_DELIVERY_JOB,
  MAX_DELIVERY_ATTEMPTS,
  RETRY_DELAY_SECONDS,
  runDeliveryJob,
  sweepDeliveries,
} from "../modules/lead-delivery";
import {
  NEW_LEAD_DIGESTS_JOB,
  NEW_LEAD_NOTICES_JOB,
  sendNewLeadDigests,
  sendNewLeadNotices,
  sweepNewLeadNotices,
} from "../modules/lead-distribution";
import { purgeExpiredRows } from "../modules/maintenance";
import { endAbandonedImpersonations } from "../modules/platform-admin";
import { FILE_CLEANUP_JOB, removeOrphanedFiles } from "../modules/stored-files";
import type { TJobQueue } from "./queue";

export const EMAIL_DELIVERY_JOB = "email-deliver";

/**
 * Every background job of the product, on the queue (see docs/operations.md "Background jobs"). The jobs
 * run with `background` (the server passes wire.ts backgroundDeps: the same services on the background
 * pool); `deps` are the requests' services, whose e-mail is queued here too.
 */
export async function registerJobs(queue: TJobQueue, requestDeps: TDeps, background: TDeps = requestDeps) {
  const deps = background;
  const { logger } = deps;
  // Attached before the first await: mail sent while the queue is still starting waits for it.
  for (const email of new Set([requestDeps.email, deps.email])) {
    email.attachQueue(
      (messageId, delaySeconds) =>
        queue.send(EMAIL_DELIVERY_JOB, { messageId }, { startAfterSeconds: delaySeconds }),
      (messageIds) =>
        queue.sendMany(
          EMAIL_DELIVERY_JOB,
          messageIds.map((messageId) => ({ messageId })),
        ),
    );
  }
  requestDeps.jobs.attach(queue);
  // One job per message; the message row itself is the lock (claimed with a conditional update).
  await queue.work<{ messageId: string }>(
    EMAIL_DELIVERY_JOB,
    async ({ messageId }) => deps.email.deliver(messageId),
    {
      concurrency: 4,
      retryLimit: 0,
      expireInSeconds: deps.config.mail.claimSeconds + 60,
      pollingIntervalSeconds: 1,
    },
  );
  // Routed leads' new-lead notices: each routing stored one row naming the buyers reached; this job, for
  // one lead (queued in its routing's transaction) or a routing worker's batch (queued after the
  // commits), stores the e-mails and deletes the rows in one statement, so a retry (or a second
  // instance) stores nothing twice.
  await queue.work<{ leadId?: string; leadIds?: string[] }>(
    NEW_LEAD_NOTICES_JOB,
    async ({ leadId, leadIds }) => sendNewLeadNotices(deps, { leadIds: leadIds ?? (leadId ? [leadId] : []) }),
    { concurrency: 2, retryLimit: 5, retryDelaySeconds: 10, pollingIntervalSeconds: 1 },
  );
  // Their safety net: a row whose job never ran to the end (queued after a commit the server did not
  // live past, or failed every attempt).
  await queue.schedule("new-lead-notices-sweep", "* * * * *", async () => {
    const leads = await sweepNewLeadNotices(deps);
    if (leads > 0) logger.info({ job: "new-lead-notices-sweep", leads }, "new-lead notices swept");
  });
  // A buyer's leads after its first notice wait for one digest: every minute, the windows that ended
  // send theirs (docs/routing.md "New-lead notices").
  await queue.schedule(NEW_LEAD_DIGESTS_JOB, "* * * * *", async () => {
    const { digests } = await sendNewLeadDigests(deps);
    if (digests > 0) logger.info({ job: NEW_LEAD_DIGESTS_JOB, digests }, "new-lead digests sent");
  });
  // Leads delivered into buyers' systems: one attempt per job; a failed attempt throws and the queue
  // retries with exponential backoff (30 s, 60 s, 120 s, ...) up to the delivery's attempt limit.
  await queue.work<{ deliveryId: string }>(
    LEAD_DELIVERY_JOB,
    async ({ deliveryId }) => runDeliveryJob(deps, deliveryId),
    {
      concurrency: 4,
      retryLimit: MAX_DELIVERY_ATTEMPTS - 1,
      retryDelaySeconds: RETRY_DELAY_SECONDS,
      expireInSeconds: Math.ceil(deps.config.leadDelivery.timeoutMs / 1000) + 60,
      pollingIntervalSeconds: 1,
    },
  );
  await queue.schedule("lead-delivery-sweep", "* * * * *", async () => {
    const queued = await sweepDeliveries(deps);
    if (queued > 0) logger.info({ job: "lead-delivery-sweep", queued }, "lead deliveries swept");
  });
  // The safety net: mail whose job was lost, failed mail that is due, mail whose sender died.
  await queue.schedule("email-sweep", "* * * * *", async () => {
    const sent = await deps.email.deliverDue();
    if (sent > 0) logger.info({ job: "email-sweep", sent }, "e-mail swept");
  });
  await queue.schedule("credit-expiry", "5 * * * *", async () => {
    const result = await runCreditExpiry(deps);
    if (result.credits > 0) logger.info({ job: "credit-expiry", ...result }, "credits expired");
  });
  // Daily backups at 02:00 UTC: checked every 5 minutes (so a stopped 02:00 is caught up), one per
  // company and day.
  await queue.schedule("daily-backups", "*/5 * * * *", () => runDueDailyBackups(deps));
  await queue.schedule("stale-calls", "*/10 * * * *", async () => {
    const failed = await sweepStaleCalls(deps);
    if (failed > 0) logger.info({ job: "stale-calls", failed }, "stale calls marked failed");
  });
  // Impersonations left to run out (the admin closed the tab) get their "ended" audit entry.
  await queue.schedule("abandoned-impersonations", "* * * * *", async () => {
    const ended = await endAbandonedImpersonations(deps);
    if (ended > 0) logger.info({ job: "abandoned-impersonations", ended }, "abandoned impersonations ended");
  });
  // Uploads nothing references (replaced logos, images removed from a form, a deleted company's).
  await queue.schedule(FILE_CLEANUP_JOB, "50 * * * *", async () => {
    const removed = await removeOrphanedFiles(deps);
    if (removed > 0) logger.info({ job: FILE_CLEANUP_JOB, removed }, "unreferenced files deleted");
  });
  await queue.schedule("purge-expired", "35 * * * *", async () => {
    const result = await purgeExpiredRows(deps.database.db);
    logger.info({ job: "purge-expired", ...result }, "expired rows purged");
  });
}
