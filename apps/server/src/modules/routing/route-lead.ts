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
import { buyerLeads, buyers, formBuyers, leadRoutingDecisions, leads } from "../../db/schema";
import { countNonArchivedBuyers, findCandidates, lockAllowanceHolders } from "./candidates";
import {
  judgeEmailEntries,
  queueEmailDeliveries,
  sendPendingEmailDeliveries,
  type TEmailDecision,
} from "./email-routing";

export type TRoutingOutcome = "routed" | "unrouted";
type TDecisionRow = typeof leadRoutingDecisions.$inferInsert;
export type TRoutingDeps = Pick<TDeps, "database" | "logger" | "email">;

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
  const outcome = await deps.database.db.transaction((tx) => routeInTransaction(tx as unknown as Db, leadId));
  await sendPendingEmailDeliveries(deps, leadId);
  return { outcome };
}

async function routeInTransaction(tx: Db, leadId: string): Promise<TRoutingOutcome> {
  const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
  if (!lead) throw new Error(`lead ${leadId} not found`);
  if (lead.status !== "new") return lead.status === "unrouted" ? "unrouted" : "routed";
  const companyId = lead.companyId;

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
  const emailRows = emailDecisions.map((d) => emailDecisionRow(lead, d));
  const decisions: TDecisionRow[] = [];

  if (!location) {
    decisions.push(summaryRow(lead, "No location: left unrouted for manual assignment"), ...emailRows);
    await insertDecisions(tx, decisions);
    await tx.update(leads).set({ status: "unrouted" }).where(eq(leads.id, lead.id));
    return "unrouted";
  }

  const candidates = await findCandidates(tx, companyId, location, listIds);
  const rules = { ...location, nicheId: lead.nicheId };
  const listSet = listIds.length > 0 ? new Set(listIds) : null;
  let matched: TMatchedBuyer[] = [];
  const buyerDecisions: TDecisionRow[] = [];
  for (const buyer of candidates) {
    const result = evaluateBuyer(buyer, rules, listSet);
    if (result.eligible) matched.push({ buyer, distanceMiles: result.distanceMiles ?? 0 });
    else
      buyerDecisions.push(
        buyerRow(lead, buyer.id, false, ineligibleReason(buyer, result), result.distanceMiles),
      );
  }

  const slots = lead.saleCap - lead.saleCount;
  if (!lead.isDuplicate && slots > 0) matched = await refreshAllowanceHolders(tx, companyId, matched);
  const plan = planDistribution(matched, slots, { duplicate: lead.isDuplicate });
  const full = plan.entries.filter((e) => e.access === "full_access");
  let sold = 0;
  for (const entry of full) {
    if (await giveFullAccess(tx, lead, entry.buyerId, entry.via ?? "prepaid")) sold += 1;
  }
  const previews = plan.entries.filter((e) => e.access === "preview");
  if (previews.length > 0) {
    await tx
      .insert(buyerLeads)
      .values(previews.map((p) => ({ companyId, buyerId: p.buyerId, leadId: lead.id, isPreview: true })))
      .onConflictDoNothing({ target: [buyerLeads.buyerId, buyerLeads.leadId] });
  }
  for (const e of plan.entries) {
    decisions.push({ ...buyerRow(lead, e.buyerId, true, e.reason, e.distanceMiles), outcome: e.access });
  }
  for (const s of plan.skipped) decisions.push(buyerRow(lead, s.buyerId, true, s.reason, s.distanceMiles));
  decisions.push(...buyerDecisions);

  const others = (await countNonArchivedBuyers(tx, companyId)) - candidates.filter((c) => !c.archived).length;
  if (others > 0) {
    const why = listSet ? "not in the form's buyer list" : "the lead is outside their service area";
    decisions.push(summaryRow(lead, `${others} other ${others === 1 ? "buyer" : "buyers"}: ${why}`));
  }
  decisions.push(...emailRows);
  await insertDecisions(tx, decisions);

  const saleCount = lead.saleCount + sold;
  await tx
    .update(leads)
    .set({ saleCount, status: saleCount >= lead.saleCap ? "sold_out" : "routed", routedAt: sql`now()` })
    .where(eq(leads.id, lead.id));
  return "routed";
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

/**
 * One full-access delivery: the buyer's entry, then (only if the entry is new) the buyer's turn and,
 * for prepaid buyers, one prepaid lead: a conditional update, so a count can never go below zero.
 */
async function giveFullAccess(
  tx: Db,
  lead: typeof leads.$inferSelect,
  buyerId: string,
  via: "all_you_can_eat" | "prepaid",
): Promise<boolean> {
  const inserted = await tx
    .insert(buyerLeads)
    .values({
      companyId: lead.companyId,
      buyerId,
      leadId: lead.id,
      isPreview: false,
      acquiredVia: via,
      unlockedAt: sql`now()`,
    })
    .onConflictDoNothing({ target: [buyerLeads.buyerId, buyerLeads.leadId] })
    .returning({ id: buyerLeads.id });
  if (inserted.length === 0) return false;
  const served = await tx
    .update(buyers)
    .set({
      // clock_timestamp, not now(): buyers served in one transaction keep the order they were served in.
      lastServedAt: sql`clock_timestamp()`,
      prepaidLeadsRemaining:
        via === "prepaid" ? sql`${buyers.prepaidLeadsRemaining} - 1` : sql`${buyers.prepaidLeadsRemaining}`,
    })
    .where(
      and(
        eq(buyers.id, buyerId),
        eq(buyers.companyId, lead.companyId),
        via === "prepaid" ? sql`${buyers.prepaidLeadsRemaining} > 0` : eq(buyers.allYouCanEatEnabled, true),
      ),
    )
    .returning({ id: buyers.id });
  // Cannot happen while the row is locked; if it ever did, the whole routing rolls back and retries.
  if (served.length === 0) throw new Error(`buyer ${buyerId} lost its allowance during routing`);
  return true;
}

/** Strictly increasing creation times keep the lead detail's order (by creation time) the order written here. */
async function insertDecisions(tx: Db, rows: TDecisionRow[]) {
  if (rows.length === 0) return;
  await tx
    .insert(leadRoutingDecisions)
    .values(
      rows.map((r, i) => ({ ...r, createdAt: sql`clock_timestamp() + ${i} * interval '1 microsecond'` })),
    );
}

function buyerRow(
  lead: { id: string; companyId: string },
  buyerId: string,
  matched: boolean,
  reason: string,
  distanceMiles: number | null,
): TDecisionRow {
  return {
    companyId: lead.companyId,
    leadId: lead.id,
    buyerId,
    matched,
    reason,
    distanceMiles,
    outcome: "none",
  };
}

function summaryRow(lead: { id: string; companyId: string }, reason: string): TDecisionRow {
  return {
    companyId: lead.companyId,
    leadId: lead.id,
    buyerId: null,
    matched: false,
    reason,
    outcome: "none",
  };
}

function emailDecisionRow(lead: { id: string; companyId: string }, d: TEmailDecision): TDecisionRow {
  return {
    companyId: lead.companyId,
    leadId: lead.id,
    buyerId: null,
    matched: d.matches,
    reason: d.matches ? `E-mailed to ${d.email} (${d.reason})` : `Not e-mailed to ${d.email} (${d.reason})`,
    distanceMiles: d.distanceMiles,
    outcome: d.matches ? "email" : "none",
  };
}
