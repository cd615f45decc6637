import {
  BUYER_PORTAL_MESSAGES,
  creditsForPrice,
  EXACT_FILTERED_COUNT_LIMIT,
  type TPreviewLead,
  type TPreviewList,
  type ZPreviewListQuerySchema,
} from "@leadpost/shared";
import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { col, queryRows, rowOf } from "../../db/raw";
import { buyerLeadDismissals, buyerLeads, buyers, companies, leads, niches } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { escapeLike } from "../../lib/like";
import type { TBuyerContext } from "../../plugins/buyer-context";
import { isPreviewInWalkOf, leadsInBuyerBoxUpTo, previewLeadIdsOf, previewReads } from "../lead-distribution";

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
const ownPreviews = (ctx: TBuyerContext, leadFilter?: SQL): SQL =>
  and(eq(leads.companyId, ctx.companyId), sql`${leads.id} in (${previewLeadIdsOf(ctx, leadFilter)})`) as SQL;

/** The same leads, as a filter for a walk of the company's leads newest first (a buyer among many leads). */
const ownPreviewsInWalk = (ctx: TBuyerContext): SQL =>
  and(eq(leads.companyId, ctx.companyId), isPreviewInWalkOf(ctx, sql`${leads.id}`)) as SQL;

/**
 * Whether the buyer's service-area box holds more of the company's leads than the list reads through
 * the box (previewReads.boxReadLimit): then its pages walk the company's leads newest first.
 */
async function manyLeadsInBox(db: Db, ctx: TBuyerContext): Promise<boolean> {
  const [row] = await queryRows(
    db,
    rowOf({ n: col.number }),
    leadsInBuyerBoxUpTo(ctx, previewReads.boxReadLimit),
  );
  return (row?.n ?? 0) > previewReads.boxReadLimit;
}

/** The leads as the preview subqueries name them (alias `l`), for the list's filters inside them. */
const l = alias(leads, "l");

/**
 * The buyer's previews counted through its box: all of them where the box holds few leads, else up to
 * EXACT_FILTERED_COUNT_LIMIT (the count stops there: "1,000+").
 */
async function countPreviews(db: Db, ctx: TBuyerContext, leadFilter: SQL | undefined, many: boolean) {
  const limit = EXACT_FILTERED_COUNT_LIMIT;
  const [row] = await queryRows(
    db,
    rowOf({ n: col.number }),
    sql`select count(*)::int as n from (${previewLeadIdsOf(ctx, leadFilter)} ${many ? sql`limit ${limit + 1}` : sql``}) x`,
  );
  const n = row?.n ?? 0;
  return many && n > limit ? { total: limit, moreThanTotal: true } : { total: n, moreThanTotal: false };
}

/** The list's own filters (search, state, availability) on the leads table or its alias. */
function previewFilters(
  query: z.output<typeof ZPreviewListQuerySchema>,
  t: Record<"city" | "state" | "zipCode" | "serviceType" | "saleCount" | "saleCap", AnyPgColumn> = leads,
) {
  const conditions: (SQL | undefined)[] = [];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(
      or(
        ilike(t.city, pattern),
        ilike(t.state, pattern),
        ilike(t.zipCode, pattern),
        ilike(t.serviceType, pattern),
      ),
    );
  }
  if (query.state) conditions.push(ilike(t.state, escapeLike(query.state)));
  if (query.availability === "available") conditions.push(lt(t.saleCount, t.saleCap));
  if (query.availability === "sold_out") conditions.push(gte(t.saleCount, t.saleCap));
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

/**
 * The buyer's previews, newest lead first, with the sold counter and this buyer's price in credits.
 * The page reads the leads in the buyer's box when they are few, else walks the company's leads newest
 * first (manyLeadsInBox); the count reads through the box either way (countPreviews).
 */
export async function listPreviews(
  deps: TPortalDeps,
  ctx: TBuyerContext,
  query: z.output<typeof ZPreviewListQuerySchema>,
): Promise<TPreviewList> {
  const db = deps.database.db;
  const many = await manyLeadsInBox(db, ctx);
  const [rows, counted] = await Promise.all([
    selectPreviews(db, ctx)
      .where(and(many ? ownPreviewsInWalk(ctx) : ownPreviews(ctx), previewFilters(query)))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(query.pageSize + 1)
      .offset((query.page - 1) * query.pageSize),
    countPreviews(db, ctx, previewFilters(query, l), many),
  ]);
  const hasMore = rows.length > query.pageSize;
  if (hasMore) rows.length = query.pageSize;
  return { previews: rows.map(toPreview), page: query.page, pageSize: query.pageSize, ...counted, hasMore };
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

/** Spec 003 §7: the dashboard's "Available Previews" counts the buyer's previews (up to 1,000 among many). */
export async function previewCount(db: Db, ctx: TBuyerContext) {
  return countPreviews(db, ctx, undefined, await manyLeadsInBox(db, ctx));
}
