import {
  ASSIGNMENT_OPTIONS_LIMIT,
  distanceMiles,
  isCompanyAdminRole,
  LEAD_MESSAGES,
  ROUTING_MESSAGES,
  type TAssignLeadResult,
  type TAssignmentOptions,
} from "@leadpost/shared";
import { and, asc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { TDeps } from "../../../app-types";
import {
  buyerLeads,
  buyers,
  leadRoutingDecisions,
  leads,
  niches,
  type TRoutingReason,
} from "../../../db/schema";
import { conflict, forbidden, notFound } from "../../../lib/app-error";
import type { TCompanyContext } from "../../../plugins/tenant";
import { deliverLeadToBuyers } from "../../lead-delivery";
import { isPreviewOf } from "../previews/queries";
import { distanceToLead } from "./candidates";

type TAssignDeps = Pick<TDeps, "database" | "jobs" | "logger">;

/**
 * Hands a lead to one buyer in full from the lead detail (an unrouted lead, or one more buyer; a
 * buyer that sees it as a preview gets its full-access entry, which ends the preview): one
 * transaction holding the lead's row lock, the sale slot taken against the cap, no prepaid lead or
 * credit charged (the company gives it), and the decision recorded with who made it.
 */
export async function assignLead(
  deps: TAssignDeps,
  ctx: TCompanyContext,
  leadId: string,
  buyerId: string,
): Promise<TAssignLeadResult> {
  if (!isCompanyAdminRole(ctx.role)) throw forbidden(ROUTING_MESSAGES.PERMISSION);
  return deps.database.db.transaction(async (tx) => {
    const [lead] = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.companyId, ctx.companyId)))
      .for("no key update");
    if (!lead) throw notFound(LEAD_MESSAGES.NOT_FOUND);
    if (lead.isTest) throw conflict(ROUTING_MESSAGES.TEST_LEAD);
    const [buyer] = await tx
      .select()
      .from(buyers)
      .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, ctx.companyId), isNull(buyers.deletedAt)))
      .for("no key update");
    if (!buyer) throw notFound(ROUTING_MESSAGES.BUYER_NOT_FOUND);
    if (buyer.status !== "active") throw conflict(ROUTING_MESSAGES.BUYER_NOT_ACTIVE);
    const [held] = await tx
      .select({ isPreview: buyerLeads.isPreview })
      .from(buyerLeads)
      .where(and(eq(buyerLeads.leadId, lead.id), eq(buyerLeads.buyerId, buyer.id)));
    if (held && !held.isPreview) throw conflict(ROUTING_MESSAGES.ALREADY_HOLDS);
    if (lead.saleCount >= lead.saleCap) throw conflict(ROUTING_MESSAGES.CAP_REACHED);

    await tx
      .insert(buyerLeads)
      .values({
        companyId: ctx.companyId,
        buyerId: buyer.id,
        leadId: lead.id,
        isPreview: false,
        acquiredVia: "manual",
        unlockedAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: [buyerLeads.buyerId, buyerLeads.leadId],
        set: { isPreview: false, acquiredVia: "manual", unlockedAt: sql`now()` },
      });
    const saleCount = lead.saleCount + 1;
    const status = saleCount >= lead.saleCap ? "sold_out" : "routed";
    await tx
      .update(leads)
      .set({ saleCount, status, routedAt: lead.routedAt ?? sql`now()` })
      .where(and(eq(leads.id, lead.id), eq(leads.companyId, ctx.companyId)));
    const distance =
      lead.latitude !== null && lead.longitude !== null && buyer.latitude !== null && buyer.longitude !== null
        ? distanceMiles(
            { latitude: lead.latitude, longitude: lead.longitude },
            { latitude: buyer.latitude, longitude: buyer.longitude },
          )
        : null;
    // Added to the lead's decision (one row per lead), after the reasons of its routing.
    const reason: TRoutingReason = {
      buyerId: buyer.id,
      matched: true,
      reason: `Assigned manually by ${ctx.email}`,
      distanceMiles: distance,
      outcome: "full_access",
      at: new Date().toISOString(),
    };
    await tx
      .insert(leadRoutingDecisions)
      .values({ companyId: ctx.companyId, leadId: lead.id, reasons: [reason] })
      .onConflictDoUpdate({
        target: leadRoutingDecisions.leadId,
        set: { reasons: sql`${leadRoutingDecisions.reasons} || excluded.reasons` },
      });
    await deliverLeadToBuyers(deps, { companyId: ctx.companyId, leadId: lead.id });
    return {
      success: true as const,
      message: ROUTING_MESSAGES.ASSIGNED,
      status,
      saleCount,
      saleCap: lead.saleCap,
    };
  });
}

/** Active buyers to offer on the lead detail, nearest to the lead first, with what each already holds. */
export async function listAssignmentOptions(
  deps: TAssignDeps,
  ctx: TCompanyContext,
  leadId: string,
  search: string | undefined,
): Promise<TAssignmentOptions> {
  const db = deps.database.db;
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.companyId, ctx.companyId)));
  if (!lead) throw notFound(LEAD_MESSAGES.NOT_FOUND);
  const distance =
    lead.latitude !== null && lead.longitude !== null
      ? distanceToLead({ latitude: lead.latitude, longitude: lead.longitude })
      : null;
  const pattern = search ? `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const rows = await db
    .select({
      id: buyers.id,
      name: sql<string>`coalesce(${buyers.companyName}, ${buyers.contactName})`,
      email: buyers.email,
      niche: niches.name,
      distanceMiles: distance ?? sql<number | null>`null::float8`,
      serviceRadius: buyers.serviceRadius,
      isPreview: buyerLeads.isPreview,
      // A preview is derived on read (previews/), or a row stored before that.
      derivedPreview: sql<boolean>`${isPreviewOf({ buyerId: sql`${buyers.id}`, companyId: ctx.companyId }, lead.id)}`,
    })
    .from(buyers)
    .leftJoin(niches, and(eq(niches.id, buyers.nicheId), eq(niches.companyId, buyers.companyId)))
    .leftJoin(
      buyerLeads,
      and(
        eq(buyerLeads.buyerId, buyers.id),
        eq(buyerLeads.leadId, lead.id),
        eq(buyerLeads.companyId, ctx.companyId),
      ),
    )
    .where(
      and(
        eq(buyers.companyId, ctx.companyId),
        isNull(buyers.deletedAt),
        eq(buyers.status, "active"),
        pattern
          ? or(
              ilike(buyers.companyName, pattern),
              ilike(buyers.contactName, pattern),
              ilike(buyers.email, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(
      ...(distance ? [sql`${distance} asc nulls last`] : []),
      asc(sql`coalesce(${buyers.companyName}, ${buyers.contactName})`),
      asc(buyers.id),
    )
    .limit(ASSIGNMENT_OPTIONS_LIMIT);
  return {
    saleCap: lead.saleCap,
    saleCount: lead.saleCount,
    buyers: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      niche: r.niche,
      distanceMiles: r.distanceMiles === null ? null : Math.round(Number(r.distanceMiles) * 10) / 10,
      serviceRadius: r.serviceRadius,
      holds: r.isPreview === false ? "full_access" : r.isPreview || r.derivedPreview ? "preview" : "none",
    })),
  };
}
