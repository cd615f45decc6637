import {
  BUYER_PORTAL_MESSAGES,
  creditsForPrice,
  type TPreviewLead,
  type TPreviewList,
  type ZPreviewListQuerySchema,
} from "@leadpost/shared";
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { buyerLeadDismissals, buyerLeads, buyers, companies, leads, niches } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { escapeLike } from "../../lib/like";
import type { TBuyerContext } from "../../plugins/buyer-context";
import { previewLeadIdsOf } from "../lead-distribution";

type TPortalDeps = Pick<TDeps, "database">;

/** This buyer's entries of one kind; the company comes from the session and is checked on every join. */
export function ownEntries(ctx: TBuyerContext, isPreview: boolean): SQL {
  return and(
    eq(buyerLeads.buyerId, ctx.buyerId),
    eq(buyerLeads.companyId, ctx.companyId),
    eq(buyerLeads.isPreview, isPreview),
  ) as SQL;
}

/** The buyer's previews: derived on read (lead-distribution/previews), of the session's company only. */
const ownPreviews = (ctx: TBuyerContext): SQL =>
  and(eq(leads.companyId, ctx.companyId), sql`${leads.id} in (${previewLeadIdsOf(ctx)})`) as SQL;

function previewConditions(ctx: TBuyerContext, query: z.output<typeof ZPreviewListQuerySchema>) {
  const conditions: (SQL | undefined)[] = [ownPreviews(ctx)];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(
      or(
        ilike(leads.city, pattern),
        ilike(leads.state, pattern),
        ilike(leads.zipCode, pattern),
        ilike(leads.serviceType, pattern),
      ),
    );
  }
  if (query.state) conditions.push(ilike(leads.state, escapeLike(query.state)));
  if (query.availability === "available") conditions.push(lt(leads.saleCount, leads.saleCap));
  if (query.availability === "sold_out") conditions.push(gte(leads.saleCount, leads.saleCap));
  return and(...conditions);
}

const previewColumns = {
  leadId: leads.id,
  createdAt: leads.createdAt,
  city: leads.city,
  state: leads.state,
  zipCode: leads.zipCode,
  serviceType: leads.serviceType,
  niche: niches.name,
  saleCap: leads.saleCap,
  saleCount: leads.saleCount,
  costPerLead: buyers.costPerLead,
  nichePrice: niches.price,
  creditValueUsd: companies.creditValueUsd,
};

function selectPreviews(db: Db, ctx: TBuyerContext) {
  return db
    .select(previewColumns)
    .from(leads)
    .innerJoin(buyers, and(eq(buyers.id, ctx.buyerId), eq(buyers.companyId, leads.companyId)))
    .innerJoin(companies, eq(companies.id, leads.companyId))
    .leftJoin(niches, and(eq(niches.id, leads.nicheId), eq(niches.companyId, leads.companyId)));
}

type TPreviewRow = Awaited<ReturnType<ReturnType<typeof selectPreviews>["execute"]>>[number];

/** PRODUCT §3: the price is the buyer's cost per lead, else the lead's niche price. */
function toPreview(row: TPreviewRow): TPreviewLead {
  const price = row.costPerLead ?? row.nichePrice ?? 0;
  const slotsLeft = Math.max(0, row.saleCap - row.saleCount);
  return {
    leadId: row.leadId,
    createdAt: row.createdAt.toISOString(),
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    serviceType: row.serviceType,
    niche: row.niche,
    saleCap: row.saleCap,
    saleCount: row.saleCount,
    slotsLeft,
    soldOut: slotsLeft === 0,
    priceCredits: creditsForPrice(Number(price), Number(row.creditValueUsd)),
  };
}

/** The buyer's previews, newest lead first, with the sold counter and this buyer's price in credits. */
export async function listPreviews(
  deps: TPortalDeps,
  ctx: TBuyerContext,
  query: z.output<typeof ZPreviewListQuerySchema>,
): Promise<TPreviewList> {
  const db = deps.database.db;
  const where = previewConditions(ctx, query);
  const [rows, [total]] = await Promise.all([
    selectPreviews(db, ctx)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return {
    previews: rows.map(toPreview),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

/**
 * Removes previews from this buyer's list (the lead itself and other buyers' previews stay): each is
 * remembered as a dismissal, and a preview row stored before previews were derived is deleted. All
 * or nothing: one id that is not this buyer's preview answers 404 and removes none.
 */
export async function deletePreviews(deps: TPortalDeps, ctx: TBuyerContext, leadIds: string[]) {
  const unique = [...new Set(leadIds)];
  const deleted = await deps.database.db.transaction(async (tx) => {
    const own = and(ownPreviews(ctx), inArray(leads.id, unique));
    // A dismissal is stored once (its key is buyer and lead), however many deletes race for it.
    const rows = await tx.select({ id: leads.id }).from(leads).where(own);
    if (rows.length !== unique.length) throw notFound(BUYER_PORTAL_MESSAGES.LEAD_NOT_FOUND);
    await tx
      .insert(buyerLeadDismissals)
      .values(unique.map((leadId) => ({ companyId: ctx.companyId, buyerId: ctx.buyerId, leadId })))
      .onConflictDoNothing();
    await tx.delete(buyerLeads).where(and(ownEntries(ctx, true), inArray(buyerLeads.leadId, unique)));
    return rows.length;
  });
  return {
    deleted,
    message: deleted === 1 ? BUYER_PORTAL_MESSAGES.LEAD_DELETED : BUYER_PORTAL_MESSAGES.LEADS_DELETED,
  };
}

/** Spec 003 §7: the dashboard's "Available Previews" counts the buyer's previews. */
export const previewCount = (db: Db, ctx: TBuyerContext) =>
  db.select({ n: count() }).from(leads).where(ownPreviews(ctx));
