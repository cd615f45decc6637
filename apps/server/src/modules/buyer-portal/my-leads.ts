import {
  BUYER_PORTAL_MESSAGES,
  CRM_STATUS_LABELS,
  CRM_STATUSES,
  formatExportDateTime,
  type TMyLead,
  type TMyLeadFilters,
  type TMyLeadList,
  type ZMyLeadListQuerySchema,
  type ZMyLeadUpdateSchema,
} from "@leadpost/shared";
import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { buyerLeads, leads, niches } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { toCsv } from "../../lib/csv";
import { answersOf } from "../../lib/lead-answers";
import type { TBuyerContext } from "../../plugins/buyer-context";
import { leadSearchCondition } from "../leads";
import { readCompanyPreferences } from "../settings";
import { leadDetails } from "./lead-details";
import { ownEntries } from "./previews";

type TPortalDeps = Pick<TDeps, "database">;
const DAY_MS = 24 * 60 * 60 * 1000;
export const MY_LEADS_EXPORT_MAX_ROWS = 50_000;

function myLeadConditions(
  ctx: TBuyerContext,
  filters: TMyLeadFilters,
  opts: { ignoreStatus?: boolean } = {},
) {
  const conditions: (SQL | undefined)[] = [ownEntries(ctx, false)];
  conditions.push(leadSearchCondition(filters.search));
  if (filters.crmStatus && !opts.ignoreStatus) conditions.push(eq(buyerLeads.crmStatus, filters.crmStatus));
  if (filters.from) conditions.push(gte(leads.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to)
    conditions.push(lt(leads.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)));
  return and(...conditions);
}

function selectMyLeads(db: Db) {
  return db
    .select({ entry: buyerLeads, lead: leads, niche: niches.name })
    .from(buyerLeads)
    .innerJoin(leads, and(eq(leads.id, buyerLeads.leadId), eq(leads.companyId, buyerLeads.companyId)))
    .leftJoin(niches, and(eq(niches.id, leads.nicheId), eq(niches.companyId, leads.companyId)));
}
type TRow = {
  entry: typeof buyerLeads.$inferSelect;
  lead: typeof leads.$inferSelect;
  niche: string | null;
};

function toMyLead({ entry, lead, niche }: TRow): TMyLead {
  return {
    leadId: lead.id,
    createdAt: lead.createdAt.toISOString(),
    unlockedAt: entry.unlockedAt?.toISOString() ?? null,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    city: lead.city,
    state: lead.state,
    zipCode: lead.zipCode,
    serviceType: lead.serviceType,
    niche,
    acquiredVia: entry.acquiredVia,
    creditsSpent: entry.creditsSpent,
    crmStatus: entry.crmStatus,
    notes: entry.notes,
    fields: leadDetails(
      lead,
      answersOf(lead).map(({ label, value }) => ({ label, value })),
    ),
  };
}

/** Full-access leads of this buyer, newest first, with counts per CRM status for the filter tabs. */
export async function listMyLeads(
  deps: TPortalDeps,
  ctx: TBuyerContext,
  query: z.output<typeof ZMyLeadListQuerySchema>,
): Promise<TMyLeadList> {
  const db = deps.database.db;
  const where = myLeadConditions(ctx, query);
  const [rows, [total], byStatus] = await Promise.all([
    selectMyLeads(db)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(buyerLeads)
      .innerJoin(leads, and(eq(leads.id, buyerLeads.leadId), eq(leads.companyId, buyerLeads.companyId)))
      .where(where),
    db
      .select({ status: buyerLeads.crmStatus, n: count() })
      .from(buyerLeads)
      .innerJoin(leads, and(eq(leads.id, buyerLeads.leadId), eq(leads.companyId, buyerLeads.companyId)))
      .where(myLeadConditions(ctx, query, { ignoreStatus: true }))
      .groupBy(buyerLeads.crmStatus),
  ]);
  const statusCounts = Object.fromEntries(CRM_STATUSES.map((s) => [s, 0])) as TMyLeadList["statusCounts"];
  for (const row of byStatus) statusCounts[row.status] = Number(row.n);
  return {
    leads: rows.map(toMyLead),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
    statusCounts,
  };
}

/** CRM status and notes of one of this buyer's full-access leads. */
export async function updateMyLead(
  deps: TPortalDeps,
  ctx: TBuyerContext,
  leadId: string,
  input: z.output<typeof ZMyLeadUpdateSchema>,
): Promise<TMyLead> {
  const db = deps.database.db;
  const own = and(ownEntries(ctx, false), eq(buyerLeads.leadId, leadId));
  const [updated] = await db
    .update(buyerLeads)
    .set({
      ...(input.crmStatus !== undefined ? { crmStatus: input.crmStatus } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      updatedAt: new Date(),
    })
    .where(own)
    .returning({ id: buyerLeads.id });
  if (!updated) throw notFound(BUYER_PORTAL_MESSAGES.LEAD_NOT_FOUND);
  const [row] = await selectMyLeads(db).where(eq(buyerLeads.id, updated.id));
  return toMyLead(row!);
}

const LEAD_COLUMNS = ["Lead ID", "Created at", "Unlocked at"];
const ENTRY_COLUMNS = ["Niche", "Acquired via", "Credits spent", "CRM status", "Notes"];

/**
 * The buyer's full-access leads as CSV, each value once: the lead and when it came, one column per
 * label of what the buyer sees of a lead (the form's own labels, first-seen order; see leadDetails),
 * then this buyer's entry. A form label equal to one of the fixed columns gets " (form)".
 */
export async function exportMyLeadsCsv(deps: TPortalDeps, ctx: TBuyerContext, filters: TMyLeadFilters) {
  const rows = await selectMyLeads(deps.database.db)
    .where(myLeadConditions(ctx, filters))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(MY_LEADS_EXPORT_MAX_ROWS);
  const prefs = await readCompanyPreferences(deps.database.db, ctx.companyId);
  const when = (at: string | null) => formatExportDateTime(at, prefs);
  const list = rows.map(toMyLead);
  const fixed = new Set([...LEAD_COLUMNS, ...ENTRY_COLUMNS].map((c) => c.toLowerCase()));
  const header = (label: string) => (fixed.has(label.trim().toLowerCase()) ? `${label} (form)` : label);
  const labels = [...new Set(list.flatMap((l) => l.fields.map((f) => header(f.label))))];
  const body = list.map((l) => {
    const answers = new Map(l.fields.map((f) => [header(f.label), f.value]));
    return [
      l.leadId,
      when(l.createdAt),
      when(l.unlockedAt),
      ...labels.map((label) => answers.get(label)),
      l.niche,
      l.acquiredVia,
      l.creditsSpent,
      CRM_STATUS_LABELS[l.crmStatus],
      l.notes,
    ];
  });
  return toCsv([...LEAD_COLUMNS, ...labels, ...ENTRY_COLUMNS], body);
}
