import {
  evaluateBuyer,
  hasFullAccessAllowance,
  ineligibleReason,
  planDistribution,
  type TMatchedBuyer,
} from "@leadpost/shared";
import { and, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { buyerLeads, buyers, formBuyers, leads } from "../../db/schema";
import { notifyBuyersOfNewLead } from "../buyers";
import { insertDecisions, insertPreviews, type TDecisionInput } from "./bulk";
import { findCandidates, hasOtherBuyers, lockAllowanceHolders, NEAR_MISS_MILES } from "./candidates";
import {
  judgeEmailEntries,
  queueEmailDeliveries,
  sendPendingEmailDeliveries,
  type TEmailDecision,
} from "./email-routing";

export type TRoutingOutcome = "routed" | "unrouted";
type TDecisionRow = TDecisionInput;
export type TRoutingDeps = Pick<TDeps, "database" | "logger" | "email" | "config">;

/**
 * Routes one lead (PRODUCT §3 "Lead creation and routing" and "Distribution") in one transaction that
 * holds the lead's row lock: a second run, concurrent or a retry, waits and then finds the lead no
 * longer `new` and changes nothing, so prepaid counts move exactly once per delivery. E-mails to the
 * form's routing entries are queued in the transaction and handed to the e-mail service after it.
 */
export async function routeLeadNow(
  deps: TRoutingDeps,
  leadId: string,
): Promise<{ outcome: TRoutingOutcome }> {
  const { outcome, companyId, buyerIds } = await deps.database.db.transaction((tx) =>
    routeInTransaction(tx, leadId),
  );
  await sendPendingEmailDeliveries(deps, leadId);
  await notifyBuyersOfNewLead(deps, { companyId, leadId, buyerIds });
  return { outcome };
}

type TRouted = { outcome: TRoutingOutcome; companyId: string; buyerIds: string[] };

async function routeInTransaction(tx: Db, leadId: string): Promise<TRouted> {
  const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("no key update");
  if (!lead) throw new Error(`lead ${leadId} not found`);
  const companyId = lead.companyId;
  if (lead.status !== "new")
    return { outcome: lead.status === "unrouted" ? "unrouted" : "routed", companyId, buyerIds: [] };
  // A sandbox API key's test lead is never routed, whoever asks.
  if (lead.isTest) return { outcome: "unrouted", companyId, buyerIds: [] };

  const listIds = lead.formId
    ? (
        await tx
          .select({ buyerId: formBuyers.buyerId })
          .from(formBuyers)
          .where(and(eq(formBuyers.formId, lead.formId), eq(formBuyers.companyId, companyId)))
      ).map((r) => r.buyerId)
    : [];
  const location =
    lead.latitude !== null && lead.longitude !== null
      ? { latitude: lead.latitude, longitude: lead.longitude }
      : null;
  const emailDecisions = await judgeEmailEntries(tx, lead, {
    location,
    zipCode: lead.zipCode,
    city: lead.city,
    state: lead.state,
  });
  await queueEmailDeliveries(tx, lead, emailDecisions);
  const emailRows = emailDecisions.map((d) => emailDecisionRow(d));
  const decisions: TDecisionRow[] = [];

  if (!location) {
    decisions.push(summaryRow("No location: left unrouted for manual assignment"), ...emailRows);
    await insertDecisions(tx, lead, decisions);
    await tx.update(leads).set({ status: "unrouted" }).where(eq(leads.id, lead.id));
    return { outcome: "unrouted", companyId, buyerIds: [] };
  }

  const candidates = await findCandidates(tx, companyId, location, listIds);
  const rules = { ...location, nicheId: lead.nicheId };
  const listSet = listIds.length > 0 ? new Set(listIds) : null;
  let matched: TMatchedBuyer[] = [];
  const buyerDecisions: TDecisionRow[] = [];
  for (const buyer of candidates) {
    const result = evaluateBuyer(buyer, rules, listSet);
    if (result.eligible) matched.push({ buyer, distanceMiles: result.distanceMiles ?? 0 });
    else if (listSet || isNearMiss(buyer, result.distanceMiles)) {
      buyerDecisions.push(buyerRow(buyer.id, false, ineligibleReason(buyer, result), result.distanceMiles));
    }
  }

  const slots = lead.saleCap - lead.saleCount;
  if (!lead.isDuplicate && slots > 0) matched = await refreshAllowanceHolders(tx, companyId, matched);
  const plan = planDistribution(matched, slots, { duplicate: lead.isDuplicate });
  const full = plan.entries.filter((e) => e.access === "full_access");
  const sold = await giveFullAccess(tx, lead, full);
  const previews = plan.entries.filter((e) => e.access === "preview");
  await insertPreviews(
    tx,
    lead,
    previews.map((p) => p.buyerId),
  );
  for (const e of plan.entries) {
    decisions.push({ ...buyerRow(e.buyerId, true, e.reason, e.distanceMiles), outcome: e.access });
  }
  for (const s of plan.skipped) decisions.push(buyerRow(s.buyerId, true, s.reason, s.distanceMiles));
  decisions.push(...buyerDecisions);

  const listed = decisions.flatMap((d) => (d.buyerId ? [d.buyerId] : []));
  if (await hasOtherBuyers(tx, companyId, listed)) {
    decisions.push(
      summaryRow(
        listSet
          ? "Buyers not in the form's buyer list were not considered"
          : `Buyers not listed: the lead is more than ${NEAR_MISS_MILES} miles outside their service area, or they have no location`,
      ),
    );
  }
  decisions.push(...emailRows);
  await insertDecisions(tx, lead, decisions);

  const saleCount = lead.saleCount + sold;
  // A lead no buyer received is "unrouted" (left for manual assignment), never "Routed".
  const reachedNobody = plan.entries.length === 0;
  const status = reachedNobody ? "unrouted" : saleCount >= lead.saleCap ? "sold_out" : "routed";
  await tx.update(leads).set({ saleCount, status, routedAt: sql`now()` }).where(eq(leads.id, lead.id));
  return {
    outcome: reachedNobody ? "unrouted" : "routed",
    companyId,
    buyerIds: plan.entries.map((e) => e.buyerId),
  };
}

/**
 * Re-reads the matched allowance holders under row locks (in id order) and replaces them with their
 * committed state, so a concurrent routing of another lead that served one of them first is seen.
 */
async function refreshAllowanceHolders(
  tx: Db,
  companyId: string,
  matched: TMatchedBuyer[],
): Promise<TMatchedBuyer[]> {
  const ids = matched.filter((m) => hasFullAccessAllowance(m.buyer)).map((m) => m.buyer.id);
  const fresh = new Map((await lockAllowanceHolders(tx, companyId, ids)).map((b) => [b.id, b]));
  return matched.map((m) => ({ ...m, buyer: fresh.get(m.buyer.id) ?? m.buyer }));
}

/** Buyers whose area ends close to the lead get a decision row of their own; the rest one summary line. */
const isNearMiss = (buyer: { serviceRadius: number }, distance: number | null) =>
  distance !== null && distance <= buyer.serviceRadius + NEAR_MISS_MILES;

/**
 * The full-access deliveries, in serving order: the buyers' entries, then, only for entries that are
 * new, each buyer's turn (increasing times in serving order) and, for prepaid buyers, one prepaid lead
 * taken with a conditional update, so a count can never go below zero. Returns the deliveries made.
 */
async function giveFullAccess(
  tx: Db,
  lead: typeof leads.$inferSelect,
  entries: readonly { buyerId: string; via: "all_you_can_eat" | "prepaid" | null }[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const inserted = await tx
    .insert(buyerLeads)
    .values(
      entries.map((e) => ({
        companyId: lead.companyId,
        buyerId: e.buyerId,
        leadId: lead.id,
        isPreview: false,
        acquiredVia: e.via ?? "prepaid",
        unlockedAt: sql`now()`,
      })),
    )
    .onConflictDoNothing({ target: [buyerLeads.buyerId, buyerLeads.leadId] })
    .returning({ buyerId: buyerLeads.buyerId });
  const fresh = new Set(inserted.map((r) => r.buyerId));
  const served = entries
    .filter((e) => fresh.has(e.buyerId))
    .map((e, ord) => ({ id: e.buyerId, prepaid: e.via !== "all_you_can_eat", ord }));
  if (served.length === 0) return 0;
  const updated = await tx.execute(sql`
    update ${buyers} b
       set last_served_at = statement_timestamp() + s.ord * interval '1 microsecond',
           prepaid_leads_remaining = b.prepaid_leads_remaining - (case when s.prepaid then 1 else 0 end)
      from jsonb_to_recordset(${JSON.stringify(served)}::jsonb) as s(id uuid, prepaid boolean, ord int)
     where b.id = s.id and b.company_id = ${lead.companyId}::uuid
       and (case when s.prepaid then b.prepaid_leads_remaining > 0 else b.all_you_can_eat_enabled end)
    returning b.id`);
  // Cannot happen while the rows are locked; if it ever did, the whole routing rolls back and retries.
  if (rowCount(updated) !== served.length) throw new Error("a buyer lost its allowance during routing");
  return served.length;
}

/** Rows touched by an execute(), on either driver (node-postgres or PGlite). */
function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number; rows?: unknown[] };
  return r.rowCount ?? r.affectedRows ?? r.rows?.length ?? 0;
}

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
