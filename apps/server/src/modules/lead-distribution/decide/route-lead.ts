import { DISTRIBUTION_METHODS, type TDistributionMethod, type TMethodBuyer } from "@leadpost/shared";
import { and, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../../app-types";
import type { Db } from "../../../db/client";
import { formBuyers, forms, leads } from "../../../db/schema";
import { companyHasEndpointsColumn, deliverLeadToBuyers } from "../../lead-delivery";
import { queueNewLeadNotices, queueNewLeadNoticesInTransaction } from "../notices/new-lead-notice";
import { findCandidates, NEAR_MISS_MILES, type TCandidate } from "./candidates";
import { countCappedBuyers, skippedAtRouting, type TRoutingSkip } from "./cap-routing";
import { evaluateBuyer } from "./eligibility";
import {
  emailEntriesColumn,
  judgeEmailEntries,
  queueEmailDeliveries,
  sendPendingEmailDeliveries,
  type TEmailDecision,
} from "./email-routing";
import { afterMethodWrite, planWithMethod } from "./methods/plan";
import { type TDecisionInput, writeRouting } from "./write-routing";

export type TRoutingOutcome = "routed" | "unrouted";
type TDecisionRow = TDecisionInput;
export type TRoutingDeps = Pick<TDeps, "database" | "logger" | "email" | "config" | "jobs" | "payBid"> & {
  /** The routing's moment for caps and delivery hours (tests pass a fixed clock); the real time otherwise. */
  now?: () => Date;
};

/**
 * The new-lead notices owed by a batch of routings (the routing worker's): each routing adds its lead
 * after its commit, and the batch queues one job for all of them (queueNewLeadNotices) when it ends,
 * instead of one job per lead inside each routing. A lead whose notices miss the job (the process
 * stopped first) is sent by the sweep: its `new_lead_notices` row committed with the routing.
 */
export type TNoticeBatch = { leadIds: string[] };

/**
 * Routes one lead (PRODUCT §3 "Lead creation and routing" and "Distribution"): called once for every
 * new non-spam lead after its submission is stored and acknowledged (by the routing worker), and again
 * while it throws; throwing marks the submission's routing as failed and schedules a retry, the visitor
 * never sees it. "routed": routing ran to the end (whatever it matched); "unrouted": no location, left
 * for manual assignment. With `companyId` (the submission's, wherever the caller has it), a lead of
 * another company is not found.
 *
 * One transaction that holds the lead's row lock: a second run, concurrent or a retry, waits and then
 * finds the lead no longer `new` and changes nothing, so prepaid counts move exactly once per delivery.
 * E-mails to the form's routing entries are queued in the transaction and handed to the e-mail service
 * after it. Three statements inside the transaction: the lead (with its form's buyer list and e-mail
 * entries), the candidates (with the allowance holders locked), and one statement writing everything,
 * the buyers' new-lead notices owed included (one row). Alone, the job that renders and stores those
 * notices (notices/new-lead-notice.ts) is queued in the transaction while the job queue runs, else
 * right after the commit; in a batch (the routing worker's), the lead joins `batch` and the batch
 * queues one job.
 */
export async function routeLead(
  deps: TRoutingDeps,
  leadId: string,
  batch?: TNoticeBatch,
  companyId?: string,
): Promise<{ outcome: TRoutingOutcome }> {
  const done = await deps.database.db.transaction(async (tx) => {
    const routed = await routeInTransaction(deps, tx, leadId, companyId ?? null, deps.now?.() ?? new Date());
    // The notice job commits with the routing when the queue runs; else it is queued after the commit.
    if (!batch && routed.noticesOwed && (await queueNewLeadNoticesInTransaction(deps, tx, leadId))) {
      return { ...routed, noticesOwed: false };
    }
    return routed;
  });
  const { outcome, noticesOwed, deliveriesMayWait, lead } = done;
  if (done.endpoints) await deliverLeadToBuyers(deps, { companyId: lead.companyId, leadId: lead.id });
  // Pending deliveries exist only if this run queued some, or an earlier run committed and stopped.
  if (deliveriesMayWait) await sendPendingEmailDeliveries(deps, lead);
  if (noticesOwed) {
    if (batch) batch.leadIds.push(leadId);
    else await queueNewLeadNotices(deps, [leadId]);
  }
  return { outcome };
}

type TRouted = {
  outcome: TRoutingOutcome;
  /** The lead routed, with its company: deliveries are sent for that company's lead only. */
  lead: { id: string; companyId: string };
  /** The company has an enabled delivery endpoint (else there is nothing to deliver). */
  endpoints: boolean;
  /** This run wrote a `new_lead_notices` row (some buyer was reached) whose job is not queued yet. */
  noticesOwed: boolean;
  deliveriesMayWait: boolean;
};

/**
 * `companyId`, when the caller has one (the routing worker: the submission's company), must be the
 * lead's: a submission row pointing at another company's lead finds nothing and routes nothing.
 */
async function routeInTransaction(
  deps: Pick<TRoutingDeps, "payBid">,
  tx: Db,
  leadId: string,
  companyId: string | null,
  now: Date,
): Promise<TRouted> {
  // A named prepared statement on PostgreSQL: each connection parses and plans it once.
  const [row] = await tx
    .select({
      lead: leads,
      listIds: formBuyerIdsColumn,
      emailEntries: emailEntriesColumn,
      method: distributionMethodColumn,
      endpoints: companyHasEndpointsColumn,
    })
    .from(leads)
    .where(
      and(
        eq(leads.id, sql.placeholder("leadId")),
        eq(leads.companyId, sql`coalesce(${sql.placeholder("companyId")}::uuid, ${leads.companyId})`),
      ),
    )
    .for("no key update")
    .prepare("routing_lead")
    .execute({ leadId, companyId });
  if (!row) throw new Error(`lead ${leadId} not found`);
  const { lead } = row;
  const ref = { id: lead.id, companyId: lead.companyId };
  const endpoints = row.endpoints === true;
  if (lead.status !== "new") {
    const outcome = lead.status === "unrouted" ? "unrouted" : "routed";
    return { outcome, lead: ref, endpoints, noticesOwed: false, deliveriesMayWait: true };
  }
  // A sandbox API key's test lead is never routed, whoever asks.
  if (lead.isTest)
    return { outcome: "unrouted", lead: ref, endpoints, noticesOwed: false, deliveriesMayWait: false };

  const listIds = row.listIds ?? [];
  const method = methodOf(row.method);
  const location =
    lead.latitude !== null && lead.longitude !== null
      ? { latitude: lead.latitude, longitude: lead.longitude }
      : null;
  const emailDecisions = judgeEmailEntries(row.emailEntries ?? [], {
    location,
    zipCode: lead.zipCode,
    city: lead.city,
    state: lead.state,
  });
  const queued = await queueEmailDeliveries(tx, lead, emailDecisions);
  const emailRows = emailDecisions.map((d) => emailDecisionRow(d));
  const decisions: TDecisionRow[] = [];
  const nobody = { full: [], previewed: false, reachedNobody: true };

  if (!location) {
    decisions.push(summaryRow("No location: left unrouted for manual assignment"), ...emailRows);
    await writeRouting(tx, { lead, ...nobody, reasons: decisions, located: false });
    return { outcome: "unrouted", lead: ref, endpoints, noticesOwed: false, deliveriesMayWait: queued > 0 };
  }

  const slots = lead.saleCap - lead.saleCount;
  const { candidates, previews, unlisted, othersOutside } = await findCandidates(
    tx,
    { companyId: lead.companyId, ...location, nicheId: lead.nicheId, answers: lead.answers },
    listIds,
    {
      lockAllowanceHolders: !lead.isDuplicate && slots > 0,
      duplicate: lead.isDuplicate,
      now,
      bidding: method === "highest_price" && !lead.isDuplicate && slots > 0,
    },
  );
  const rules = { ...location, nicheId: lead.nicheId, answers: lead.answers };
  const listSet = listIds.length > 0 ? new Set(listIds) : null;
  let matched: TMethodBuyer[] = [];
  const buyerDecisions: TDecisionRow[] = [];
  const skips: TRoutingSkip[] = [];
  // Why each candidate that did not match was left out: a method's explanation names them.
  const notMatched = new Map<string, string>();
  for (const buyer of candidates) {
    const result = evaluateBuyer(buyer, rules, listSet, { now, limits: buyer.limits, counts: buyer.counts });
    if (result.eligible) {
      matched.push({
        buyer,
        distanceMiles: result.distanceMiles ?? 0,
        name: buyer.name,
        creditBalance: buyer.creditBalance,
      });
      continue;
    }
    notMatched.set(buyer.id, result.reason);
    if (listSet || isNearMiss(buyer, result.distanceMiles)) {
      buyerDecisions.push(buyerRow(buyer.id, false, result.reason, result.distanceMiles));
    }
    if (skippedAtRouting(result.code)) skips.push({ buyerId: buyer.id, code: result.code });
  }
  // Buyers with caps are counted now, in one conditional statement; one a concurrent routing filled first is skipped.
  const capped = await countCappedBuyers(
    tx,
    { companyId: lead.companyId, ...rules, isDuplicate: lead.isDuplicate },
    matched,
    new Map<string, TCandidate>(candidates.map((c) => [c.id, c])),
    listSet,
    now,
  );
  matched = capped.matched;
  for (const r of capped.refused) {
    buyerDecisions.push(buyerRow(r.buyerId, false, r.reason, r.distanceMiles));
    notMatched.set(r.buyerId, r.reason);
    skips.push({ buyerId: r.buyerId, code: "daily_cap" });
  }

  // The matched buyers without an allowance are previews derived on read, with their reasons
  // (modules/leads "routing decisions"): only the allowance holders and the reasons of the rest are stored.
  const methodLead = { id: lead.id, companyId: lead.companyId, formId: lead.formId, nicheId: lead.nicheId };
  const plan = await planWithMethod(deps.payBid, tx, methodLead, method, matched, slots, {
    duplicate: lead.isDuplicate,
    notMatched,
  });
  const full = plan.entries
    .filter((e) => e.access === "full_access")
    .map((e) => (e.bid === undefined ? e : { ...e, via: "credits" as const, credits: e.bid }));
  const previewed = previews > 0 || plan.entries.some((e) => e.access === "preview");
  for (const e of plan.entries) {
    decisions.push({ ...buyerRow(e.buyerId, true, e.reason, e.distanceMiles), outcome: e.access });
  }
  for (const s of plan.skipped) decisions.push(buyerRow(s.buyerId, true, s.reason, s.distanceMiles));
  decisions.push(...buyerDecisions);

  if (othersOutside || (!listSet && unlisted)) {
    decisions.push(
      summaryRow(
        listSet
          ? "Buyers not in the form's buyer list were not considered"
          : `Buyers not listed: the lead is more than ${NEAR_MISS_MILES} miles outside their service area, or they have no location`,
      ),
    );
  }
  decisions.push(...emailRows);

  // A lead no buyer received is "unrouted" (left for manual assignment), never "Routed".
  const reachedNobody = !previewed && full.length === 0;
  const noticed = !reachedNobody;
  await writeRouting(tx, {
    lead,
    full,
    previewed,
    reasons: decisions,
    reachedNobody,
    located: true,
    noticed,
    skips,
  });
  await afterMethodWrite(
    tx,
    methodLead,
    method,
    full.map((e) => e.buyerId),
  );
  return {
    outcome: reachedNobody ? "unrouted" : "routed",
    lead: ref,
    endpoints,
    noticesOwed: noticed,
    deliveriesMayWait: queued > 0,
  };
}

/**
 * The form's buyer list, as a JSON column of the lead's statement. The lead's columns are named with
 * their table: drizzle leaves them unqualified in a one-table select, where they would mean fb's own.
 */
const formBuyerIdsColumn = sql<string[] | null>`(
  select json_agg(fb.buyer_id) from ${formBuyers} fb
   where fb.form_id = "leads"."form_id" and fb.company_id = "leads"."company_id")`;

/** The lead's form's distribution method (round robin for a lead without a form). */
const distributionMethodColumn = sql<string | null>`(
  select f.distribution_method from ${forms} f
   where f.id = "leads"."form_id" and f.company_id = "leads"."company_id")`;

const methodOf = (value: string | null): TDistributionMethod =>
  DISTRIBUTION_METHODS.find((m) => m === value) ?? "round_robin";

/** Buyers whose area ends close to the lead get a decision row of their own; the rest one summary line. */
const isNearMiss = (buyer: { serviceRadius: number }, distance: number | null) =>
  distance !== null && distance <= buyer.serviceRadius + NEAR_MISS_MILES;

function buyerRow(
  buyerId: string,
  matched: boolean,
  reason: string,
  distanceMiles: number | null,
): TDecisionRow {
  return { buyerId, matched, reason, distanceMiles, outcome: "none" };
}

function summaryRow(reason: string): TDecisionRow {
  return { buyerId: null, matched: false, reason, distanceMiles: null, outcome: "none" };
}

function emailDecisionRow(d: TEmailDecision): TDecisionRow {
  return {
    buyerId: null,
    matched: d.matches,
    reason: d.matches ? `E-mailed to ${d.email} (${d.reason})` : `Not e-mailed to ${d.email} (${d.reason})`,
    distanceMiles: d.distanceMiles,
    outcome: d.matches ? "email" : "none",
  };
}
