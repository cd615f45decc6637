import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { afterCommit } from "../../db/after-commit";
import { col, preparedStatement, rowOf } from "../../db/raw";
import {
  buyerLeads,
  deliveryEndpoints,
  endpointDeliveries,
  endpointDeliveryAttempts,
  leads,
} from "../../db/schema";
import { checkedAddress, RefusedAddressError, type TResolveHost } from "./address-guard";
import { judgeAnswer, type TJudgedAnswer } from "./answer";
import { postTo } from "./http-post";
import { deliveredLead } from "./lead-payload";
import { deliveryBody, deliveryHeaders, sampleLead, type TDeliveryEvent } from "./payload";

export const LEAD_DELIVERY_JOB = "lead-delivery-send";
/** Attempts per delivery: the first and five retries, 30 s apart and doubling (about 15 minutes). */
export const MAX_DELIVERY_ATTEMPTS = 6;
export const RETRY_DELAY_SECONDS = 30;

type TQueueDeps = Pick<TDeps, "database" | "jobs" | "logger">;
export type TSendDeps = Pick<TDeps, "database" | "config" | "secretBox" | "logger"> & {
  /** Tests replace the name server (a rebinding answer); the default is the system's. */
  resolveHost?: TResolveHost;
};

/** Thrown by the job to have the queue try again with its backoff (the attempt is already logged). */
export class RetryDeliveryLater extends Error {
  constructor(reason: string) {
    super(`delivery will be retried: ${reason}`);
    this.name = "RetryDeliveryLater";
  }
}

/**
 * THE delivery hook (docs/lead-delivery.md "When a lead is delivered"): a lead is delivered to a buyer
 * when the buyer gets it in full (a purchase with credits, an allowance or round-robin routing, a
 * manual assignment). Called where that happens; runs after the transaction commits (never inside
 * it, never when it rolls back): one delivery per full-access buyer of the lead and each of its enabled
 * endpoints, at most once per lead and endpoint, each sent by a job. Never throws into the caller,
 * whose work is already committed; a delivery whose job was not queued is sent by the sweep.
 */
export function deliverLeadToBuyers(deps: TQueueDeps, lead: { companyId: string; leadId: string }) {
  return afterCommit(async () => {
    try {
      const ids = await createLeadDeliveries(deps, lead);
      for (const id of ids) await deps.jobs.send(LEAD_DELIVERY_JOB, { deliveryId: id });
    } catch (err) {
      deps.logger.error({ err, leadId: lead.leadId }, "lead deliveries not queued");
    }
  });
}

/**
 * Whether the company of the `leads` row in the caller's statement has an enabled endpoint, as a
 * column of that statement: routing skips deliverLeadToBuyers (a statement after its commit) when it has
 * none, as most companies. An endpoint enabled while the lead is routed may miss that lead.
 */
export const companyHasEndpointsColumn = sql<boolean>`exists (
  select 1 from ${deliveryEndpoints} e where e.company_id = "leads"."company_id" and e.enabled)`;

/** The deliveries a lead owes its full-access buyers' enabled endpoints; answers the new ones' ids. */
export async function createLeadDeliveries(
  deps: Pick<TDeps, "database">,
  lead: { companyId: string; leadId: string },
): Promise<string[]> {
  const rows = await leadDeliveriesStatement(deps.database.db, {
    leadId: lead.leadId,
    companyId: lead.companyId,
  });
  return rows.map((r) => r.id);
}

// Prepared: every routing runs it after its commit, and parsing and planning it each time cost
// PostgreSQL more than running it.
const leadDeliveriesStatement = preparedStatement(
  rowOf({ id: col.text }),
  () => sql`
    insert into ${endpointDeliveries} (company_id, buyer_id, endpoint_id, lead_id, endpoint_name, url)
    select e.company_id, e.buyer_id, e.id, l.id, e.name, e.url
      from ${leads} l
      join ${buyerLeads} bl on bl.lead_id = l.id and bl.company_id = l.company_id and not bl.is_preview
      join ${deliveryEndpoints} e on e.buyer_id = bl.buyer_id and e.company_id = l.company_id and e.enabled
     where l.id = ${sql.placeholder("leadId")}::uuid and l.company_id = ${sql.placeholder("companyId")}::uuid
       and not l.is_test
    on conflict (endpoint_id, lead_id) do nothing
    returning id`,
);

type TClaimed = typeof endpointDeliveries.$inferSelect;

/**
 * Takes a delivery for one attempt (a conditional update, so two workers never send it at once):
 * waiting, or claimed by a worker that has not finished within the timeout plus a minute (it died).
 */
async function claim(deps: TSendDeps, deliveryId: string): Promise<TClaimed | null> {
  const staleBefore = new Date(Date.now() - deps.config.leadDelivery.timeoutMs - 60_000);
  const [row] = await deps.database.db
    .update(endpointDeliveries)
    .set({ status: "sending", claimedAt: new Date(), attempts: sql`${endpointDeliveries.attempts} + 1` })
    .where(
      and(
        eq(endpointDeliveries.id, deliveryId),
        or(
          inArray(endpointDeliveries.status, ["pending", "retrying"]),
          and(eq(endpointDeliveries.status, "sending"), lt(endpointDeliveries.claimedAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

type TFinal = "accepted" | "rejected" | "failed";

async function record(
  deps: TSendDeps,
  delivery: TClaimed,
  startedAt: Date,
  judged: TJudgedAnswer | { outcome: "refused"; statusCode: null; reason: string; excerpt: null },
  status: TFinal | "retrying",
) {
  const db = deps.database.db;
  await db
    .insert(endpointDeliveryAttempts)
    .values({
      companyId: delivery.companyId,
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      statusCode: judged.statusCode,
      outcome: judged.outcome,
      reason: judged.reason,
      responseExcerpt: judged.excerpt,
    })
    .onConflictDoNothing();
  await db
    .update(endpointDeliveries)
    .set({
      status,
      reason: status === "accepted" ? null : judged.reason,
      claimedAt: null,
      completedAt: status === "retrying" ? null : new Date(),
    })
    .where(eq(endpointDeliveries.id, delivery.id));
}

async function finishWithout(deps: TSendDeps, delivery: TClaimed, reason: string) {
  await record(
    deps,
    delivery,
    new Date(),
    { outcome: "refused", statusCode: null, reason, excerpt: null },
    "failed",
  );
  return "failed" as const;
}

/**
 * One attempt of a delivery (the job's work). Accepted or rejected ends it; a retryable failure
 * (5xx, 408, 429, timeout, network) leaves it `retrying` and, while attempts remain, throws
 * RetryDeliveryLater so the queue tries again with its exponential backoff; after the last it fails.
 * An address the guard refuses ends it at once: that is not going to change by waiting.
 * A delivery already finished (or being sent by another worker) is left alone: the buyer gets each
 * lead once per endpoint, and the delivery id header lets it recognise a repeat after a crash.
 */
export async function runDelivery(
  deps: TSendDeps,
  deliveryId: string,
  opts: { retries?: boolean } = {},
): Promise<TFinal | "retrying" | "skipped"> {
  const delivery = await claim(deps, deliveryId);
  if (!delivery) return "skipped";
  const db = deps.database.db;
  const [endpoint] = delivery.endpointId
    ? await db
        .select()
        .from(deliveryEndpoints)
        .where(
          and(
            eq(deliveryEndpoints.id, delivery.endpointId),
            eq(deliveryEndpoints.companyId, delivery.companyId),
          ),
        )
    : [];
  if (!endpoint) return finishWithout(deps, delivery, "The endpoint was deleted");
  if (!endpoint.enabled && !delivery.isTest)
    return finishWithout(deps, delivery, "The endpoint is turned off");

  const now = new Date();
  const lead = delivery.isTest
    ? sampleLead(delivery.id, now)
    : delivery.leadId
      ? await deliveredLead(deps, delivery.companyId, delivery.leadId)
      : null;
  if (!lead) return finishWithout(deps, delivery, "The lead no longer exists");

  const event: TDeliveryEvent = delivery.isTest ? "lead.test" : "lead.delivered";
  const body = deliveryBody(endpoint.format, endpoint.fieldMap, {
    event,
    deliveryId: delivery.id,
    sentAt: now.toISOString(),
    lead,
  });
  const secret = deps.secretBox.open(endpoint.secretCiphertext);
  const headers = deliveryHeaders(secret, body, {
    deliveryId: delivery.id,
    event,
    attempt: delivery.attempts,
    now,
  });

  const startedAt = new Date();
  let address: Awaited<ReturnType<typeof checkedAddress>>;
  try {
    address = await checkedAddress(deps.config, endpoint.url, deps.resolveHost);
  } catch (err) {
    if (!(err instanceof RefusedAddressError)) throw err;
    return finishWithout(deps, delivery, err.message);
  }
  const answer = await postTo(
    new URL(endpoint.url),
    address,
    body.body,
    headers,
    deps.config.leadDelivery.timeoutMs,
  );
  const judged = judgeAnswer(answer);
  const retries = opts.retries ?? !delivery.isTest;
  if (judged.outcome === "accepted" || judged.outcome === "rejected") {
    await record(deps, delivery, startedAt, judged, judged.outcome);
    return judged.outcome;
  }
  if (!retries || delivery.attempts >= MAX_DELIVERY_ATTEMPTS) {
    await record(deps, delivery, startedAt, judged, "failed");
    return "failed";
  }
  await record(deps, delivery, startedAt, judged, "retrying");
  return "retrying";
}

/** The job handler: one attempt; a retry owed is handed back to the queue as a failure. */
export async function runDeliveryJob(deps: TSendDeps, deliveryId: string) {
  const result = await runDelivery(deps, deliveryId);
  if (result === "retrying") throw new RetryDeliveryLater(deliveryId);
}

/** A test delivery row for an endpoint (sent by sendTestDelivery once the request has committed). */
export async function createTestDelivery(
  deps: Pick<TDeps, "database">,
  endpoint: { id: string; companyId: string; buyerId: string; name: string; url: string },
) {
  const [row] = await deps.database.db
    .insert(endpointDeliveries)
    .values({
      companyId: endpoint.companyId,
      buyerId: endpoint.buyerId,
      endpointId: endpoint.id,
      isTest: true,
      endpointName: endpoint.name,
      url: endpoint.url,
    })
    .returning({ id: endpointDeliveries.id });
  return row!.id;
}

/**
 * The safety net, every minute: deliveries whose job was never queued (no queue yet, the process
 * stopped after the commit) or whose retries were lost, and claims of workers that died.
 */
export async function sweepDeliveries(deps: TQueueDeps & Pick<TDeps, "config">): Promise<number> {
  const now = Date.now();
  const rows = await deps.database.db
    .select({ id: endpointDeliveries.id })
    .from(endpointDeliveries)
    .where(
      or(
        and(
          eq(endpointDeliveries.status, "pending"),
          lt(endpointDeliveries.updatedAt, new Date(now - 2 * 60_000)),
        ),
        and(
          eq(endpointDeliveries.status, "retrying"),
          lt(endpointDeliveries.updatedAt, new Date(now - 30 * 60_000)),
        ),
        and(
          eq(endpointDeliveries.status, "sending"),
          lt(endpointDeliveries.claimedAt, new Date(now - deps.config.leadDelivery.timeoutMs - 60_000)),
        ),
      ),
    )
    .limit(100);
  for (const r of rows) await deps.jobs.send(LEAD_DELIVERY_JOB, { deliveryId: r.id });
  return rows.length;
}
