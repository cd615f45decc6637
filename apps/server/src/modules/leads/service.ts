import {
  distanceMiles,
  EXACT_COUNT_LIMIT,
  EXACT_FILTERED_COUNT_LIMIT,
  LEAD_MESSAGES,
  LEAD_STATUSES,
  NO_CONTACT_PRIVACY,
  previewReason,
  type TContactPrivacy,
  type TLeadDetail,
  type TLeadList,
  type TLeadListQuery,
  type TLeadStatus,
  type TLeadSummary,
} from "@leadpost/shared";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { countsByKeyUpTo, countsUpTo } from "../../db/estimated-count";
import {
  buyerLeads,
  buyers,
  formSubmissions,
  forms,
  leadRoutingDecisions,
  leads,
  niches,
  type TRoutingReason,
} from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import { answersOf } from "../../lib/lead-answers";
import type { TCompanyContext } from "../../plugins/tenant";
import { leadPreviewBuyers, type TLeadPreviewBuyer } from "../lead-distribution";
import { contactPrivacyFor, readCompanyPreferences } from "../settings";
import { leadConditions } from "./filters";
import { afterLeadCursor, leadCursorOf, leadPosition } from "./keyset";
import { hiddenKinds, visibleContact } from "./privacy";
import { searchHits } from "./search";

type TLeadDeps = Pick<TDeps, "database">;

/** A lead with its form and niche; the joins also check the company so nothing crosses tenants. */
export function selectLeadsWithNames(db: Db) {
  return db
    .select({ lead: leads, formTitle: forms.title, nicheName: niches.name, position: leadPosition })
    .from(leads)
    .leftJoin(forms, and(eq(forms.id, leads.formId), eq(forms.companyId, leads.companyId)))
    .leftJoin(niches, and(eq(niches.id, leads.nicheId), eq(niches.companyId, leads.companyId)));
}
type TLeadWithNames = { lead: typeof leads.$inferSelect; formTitle: string | null; nicheName: string | null };

/** What the company's preferences hide from this company user (members only; 003 §2.8). */
export async function contactPrivacyOf(db: Db, ctx: TCompanyContext): Promise<TContactPrivacy> {
  if (ctx.role !== "member") return NO_CONTACT_PRIVACY;
  return contactPrivacyFor(await readCompanyPreferences(db, ctx.companyId), ctx.role);
}

function toLeadSummary(
  { lead, formTitle, nicheName }: TLeadWithNames,
  privacy: TContactPrivacy = NO_CONTACT_PRIVACY,
): TLeadSummary {
  return {
    id: lead.id,
    createdAt: lead.createdAt.toISOString(),
    source: lead.source,
    ...visibleContact(lead, privacy),
    email: lead.email,
    city: lead.city,
    state: lead.state,
    zipCode: lead.zipCode,
    serviceType: lead.serviceType,
    status: lead.status,
    isDuplicate: lead.isDuplicate,
    saleCap: lead.saleCap,
    saleCount: lead.saleCount,
    form: lead.formId && formTitle !== null ? { id: lead.formId, title: formTitle } : null,
    niche: lead.nicheId && nicheName !== null ? { id: lead.nicheId, name: nicheName } : null,
    hiddenContact: hiddenKinds(privacy),
    isTest: lead.isTest,
  };
}

/**
 * One page of the company's leads, newest first, with the counts per status of the same filters
 * (status aside), each exact up to a limit and past it the database's estimate (db/estimated-count.ts;
 * @leadpost/shared "counts"): the counts of a company's leads by status are index-only scans of
 * (company_id, is_test, status) (migration 0043), stopped at 10,000 entries each; with a search, form,
 * niche or date filter each counted lead is a lead read, stopped at 1,000; a search's matches are first
 * read from its trigram index (search.ts), behind the company's wall. The total is the statuses'
 * sum, or the filtered status's count. A `cursor` reads the page after that position from the
 * (company_id, created_at, id) index, where `page` skips the rows before.
 */
export async function listLeads(
  deps: TLeadDeps,
  ctx: TCompanyContext,
  query: TLeadListQuery,
): Promise<TLeadList> {
  const db = deps.database.db;
  const privacy = await contactPrivacyOf(db, ctx);
  const matchingWith = (search?: SQL) =>
    and(
      ...leadConditions(ctx.companyId, query, { privacy, search }),
      query.cursor ? afterLeadCursor(query.cursor) : undefined,
    ) as SQL;
  const othersWith = (search?: SQL) =>
    and(...leadConditions(ctx.companyId, query, { ignoreStatus: true, privacy, search }));
  // Estimates are always of the filters as written: the planner's view of the search, not of a list of ids.
  const ofStatus = (status: TLeadStatus) =>
    sql`select 1 from ${leads} where ${othersWith()} and ${eq(leads.status, status)}`;
  /**
   * The page, newest first: by default from the (company_id, created_at, id) index, each lead checked
   * against the filters as it comes; `few` (a filter that matches at most EXACT_FILTERED_COUNT_LIMIT
   * leads, such as one e-mail) reads the matching leads first (by id when the search's are known) and
   * sorts them, where the walk would read every lead of the company to find none.
   */
  const pageOf = (few: boolean, search?: SQL) => {
    const matching = matchingWith(search);
    const page = selectLeadsWithNames(db)
      .where(
        few
          ? and(
              eq(leads.companyId, ctx.companyId),
              sql`${leads.id} = any(array(select ${leads.id} from ${leads} where ${matching}))`,
            )
          : matching,
      )
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(query.pageSize + 1);
    return query.cursor ? page : page.offset((query.page - 1) * query.pageSize);
  };
  // Without a search, form, niche or date filter each status is counted from its own index range, beside
  // the page; with one, the matching leads are counted first (read once for every status), and their
  // number chooses how the page is read.
  const filtered = Boolean(query.search?.trim() || query.formId || query.nicheId || query.from || query.to);
  let rows: Awaited<ReturnType<typeof pageOf>>;
  let byStatus: Record<TLeadStatus, { n: number; estimated: boolean }>;
  if (filtered) {
    const countOf = (search?: SQL) =>
      countsByKeyUpTo(
        db,
        sql`select ${leads.status} as key from ${leads} where ${othersWith(search)}`,
        LEAD_STATUSES,
        ofStatus,
        EXACT_FILTERED_COUNT_LIMIT,
      );
    const exact = (counts: typeof byStatus) => !LEAD_STATUSES.some((s) => counts[s].estimated);
    // The search's matches by its index (search.ts), one more than the exact counts go: when they are
    // all of them, counts and page read those leads alone; when not, past the limit they prove the
    // counts to be estimates, and the page walks the leads newest first, as any common text does.
    const hits = await searchHits(db, query.search, privacy, EXACT_FILTERED_COUNT_LIMIT + 1);
    byStatus = await countOf(hits?.condition);
    // Some matches the other filters turned away: the matches not answered may hold more, counted by ILIKE.
    if (hits && !hits.complete && exact(byStatus)) byStatus = await countOf();
    rows = hits?.complete ? await pageOf(true, hits.condition) : await pageOf(exact(byStatus));
  } else {
    [rows, byStatus] = await Promise.all([
      pageOf(false),
      countsUpTo(
        db,
        Object.fromEntries(LEAD_STATUSES.map((s) => [s, ofStatus(s)])) as Record<TLeadStatus, SQL>,
        EXACT_COUNT_LIMIT,
      ),
    ]);
  }
  const statusCounts = Object.fromEntries(
    LEAD_STATUSES.map((s) => [s, byStatus[s].n]),
  ) as TLeadList["statusCounts"];
  const estimated = LEAD_STATUSES.filter((s) => byStatus[s].estimated);
  const more = rows.length > query.pageSize;
  if (more) rows.length = query.pageSize;
  const last = rows.at(-1);
  const counted: readonly TLeadStatus[] = query.status ? [query.status] : LEAD_STATUSES;
  return {
    leads: rows.map((row) => toLeadSummary(row, privacy)),
    page: query.page,
    pageSize: query.pageSize,
    total: counted.reduce((sum: number, s) => sum + statusCounts[s], 0),
    statusCounts,
    estimatedCounts: [
      ...(counted.some((s) => byStatus[s].estimated) ? ["total" as const] : []),
      ...estimated,
    ],
    nextCursor: more && last ? leadCursorOf(last.position, last.lead.id) : null,
  };
}

export async function getLead(deps: TLeadDeps, ctx: TCompanyContext, leadId: string): Promise<TLeadDetail> {
  const db = deps.database.db;
  const [row] = await selectLeadsWithNames(db).where(
    and(eq(leads.id, leadId), eq(leads.companyId, ctx.companyId)),
  );
  if (!row) throw notFound(LEAD_MESSAGES.NOT_FOUND);
  const { lead } = row;
  const [submissions, decision, holders, previews, privacy] = await Promise.all([
    lead.submissionId
      ? db
          .select()
          .from(formSubmissions)
          .where(and(eq(formSubmissions.id, lead.submissionId), eq(formSubmissions.companyId, ctx.companyId)))
      : Promise.resolve([]),
    db
      .select({ reasons: leadRoutingDecisions.reasons, decidedAt: leadRoutingDecisions.decidedAt })
      .from(leadRoutingDecisions)
      .where(and(eq(leadRoutingDecisions.leadId, lead.id), eq(leadRoutingDecisions.companyId, ctx.companyId)))
      .then((rows) => rows[0]),
    db
      .select({
        holder: buyerLeads,
        buyerName: buyerDisplayName,
        latitude: buyers.latitude,
        longitude: buyers.longitude,
        serviceRadius: buyers.serviceRadius,
      })
      .from(buyerLeads)
      .innerJoin(buyers, and(eq(buyers.id, buyerLeads.buyerId), eq(buyers.companyId, ctx.companyId)))
      .where(and(eq(buyerLeads.leadId, lead.id), eq(buyerLeads.companyId, ctx.companyId)))
      .orderBy(buyerLeads.createdAt, buyerLeads.id),
    // Derived previews (lead-distribution/previews), the dismissed ones too: routing decided them.
    lead.routedAt ? leadPreviewBuyers(db, lead, { withDismissed: true }) : Promise.resolve([]),
    contactPrivacyOf(db, ctx),
  ]);
  const submission = submissions[0];
  const derived = previews.filter((p) => !p.stored);
  const stored = decision?.reasons ?? [];
  // A buyer that bought its preview with credits was offered it by routing: its reason is made too.
  const bought = holders.flatMap(({ holder, latitude, longitude, serviceRadius }) =>
    holder.acquiredVia === "credits"
      ? [
          {
            buyerId: holder.buyerId,
            serviceRadius,
            distanceMiles:
              latitude === null || longitude === null || lead.latitude === null || lead.longitude === null
                ? null
                : distanceMiles(
                    { latitude, longitude },
                    { latitude: lead.latitude, longitude: lead.longitude },
                  ),
          },
        ]
      : [],
  );
  const names = await buyerNames(db, ctx.companyId, [
    ...stored.flatMap((r) => (r.buyerId ? [r.buyerId] : [])),
    ...derived.map((p) => p.buyerId),
    ...bought.map((p) => p.buyerId),
  ]);
  const routedAt = (lead.routedAt ?? lead.createdAt).toISOString();
  return {
    ...toLeadSummary(row, privacy),
    latitude: lead.latitude,
    longitude: lead.longitude,
    duplicateOfLeadId: lead.duplicateOfLeadId,
    routedAt: lead.routedAt?.toISOString() ?? null,
    fields: answersOf(lead, privacy),
    submission: submission
      ? {
          id: submission.id,
          submittedAt: submission.createdAt.toISOString(),
          ipAddress: submission.ipAddress,
          userAgent: submission.userAgent,
          referrer: submission.referrer,
          landingPage: submission.landingPage,
          utm: submission.utm,
          clickIds: submission.clickIds,
          consent: submission.consent,
          fillTimeMs: submission.fillTimeMs,
          routingStatus: submission.routingStatus,
          routingAttempts: submission.routingAttempts,
          routingError: submission.routingError,
        }
      : null,
    routingDecisions: decision ? routingReasons(lead.id, decision, [...derived, ...bought], names) : [],
    buyers: [
      ...holders.map(({ holder, buyerName }) => ({
        buyer: { id: holder.buyerId, name: buyerName ?? "" },
        isPreview: holder.isPreview,
        acquiredVia: holder.acquiredVia,
        creditsSpent: holder.creditsSpent,
        crmStatus: holder.crmStatus,
        unlockedAt: holder.unlockedAt?.toISOString() ?? null,
        createdAt: holder.createdAt.toISOString(),
      })),
      ...previewHolders(new Set(derived.flatMap((p) => (p.dismissed ? [] : [p.buyerId]))), names, routedAt),
    ],
  };
}

/** The current names of some of the company's buyers, in the order of their names. */
async function buyerNames(db: Db, companyId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: buyers.id, name: buyerDisplayName })
    .from(buyers)
    .where(and(eq(buyers.companyId, companyId), inArray(buyers.id, unique)))
    .orderBy(buyerDisplayName, buyers.id);
  return new Map(rows.map((b) => [b.id, b.name ?? ""]));
}

/**
 * The buyers that see the lead as a derived preview (lead-distribution/previews: no row of their own),
 * shown among its holders as preview entries dated from the routing, in the order of their names.
 */
function previewHolders(
  ids: ReadonlySet<string>,
  names: ReadonlyMap<string, string>,
  at: string,
): TLeadDetail["buyers"] {
  return [...names.keys()]
    .filter((id) => ids.has(id))
    .map((id) => ({
      buyer: { id, name: names.get(id) ?? "" },
      isPreview: true,
      acquiredVia: null,
      creditsSpent: 0,
      crmStatus: "new" as const,
      unlockedAt: null,
      createdAt: at,
    }));
}

type TDecisionRow = { reasons: TRoutingReason[]; decidedAt: Date };

/**
 * The lead's routing decision (one row, its reasons as JSON) as the list the lead detail shows, with
 * each buyer's current name. A reason without a time of its own dates from the decision. Routing
 * stores no reason for a matched buyer without an allowance (a preview, derived when read, or bought
 * with credits since): those reasons are made here, after the stored full-access and preview entries, in
 * the order of the names.
 */
function routingReasons(
  leadId: string,
  row: TDecisionRow,
  derived: readonly Pick<TLeadPreviewBuyer, "buyerId" | "distanceMiles" | "serviceRadius">[],
  names: ReadonlyMap<string, string>,
): TLeadDetail["routingDecisions"] {
  const listed = new Set(row.reasons.flatMap((r) => (r.buyerId ? [r.buyerId] : [])));
  const byId = new Map(derived.map((p) => [p.buyerId, p]));
  const made: TRoutingReason[] = [...names.keys()].flatMap((id) => {
    const p = byId.get(id);
    if (!p || listed.has(id)) return [];
    const reason = previewReason(p, p.distanceMiles);
    return [
      { buyerId: id, matched: true, reason, distanceMiles: p.distanceMiles, outcome: "preview" as const },
    ];
  });
  const planned = row.reasons.findIndex((r) => r.outcome !== "full_access" && r.outcome !== "preview");
  const at = planned === -1 ? row.reasons.length : planned;
  const reasons = [...row.reasons.slice(0, at), ...made, ...row.reasons.slice(at)];
  if (reasons.length === 0) return [];
  const decidedAt = row.decidedAt.toISOString();
  return reasons.map((r, ord) => {
    const name = r.buyerId ? names.get(r.buyerId) : undefined;
    return {
      id: `${leadId}:${ord}`,
      buyer: r.buyerId && name !== undefined ? { id: r.buyerId, name } : null,
      matched: r.matched,
      reason: r.reason,
      distanceMiles: r.distanceMiles,
      outcome: r.outcome,
      createdAt: r.at ? new Date(r.at).toISOString() : decidedAt,
    };
  });
}

const buyerDisplayName = sql<string | null>`coalesce(${buyers.companyName}, ${buyers.contactName})`;

/**
 * Deletes a lead with its routing decisions, previews and deliveries. A lead a buyer has paid for or
 * received in full is refused: that buyer's purchase must stay intact.
 */
export async function deleteLead(deps: TLeadDeps, ctx: TCompanyContext, leadId: string) {
  await deps.database.db.transaction(async (tx) => {
    const own = and(eq(leads.id, leadId), eq(leads.companyId, ctx.companyId));
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(own).for("update");
    if (!lead) throw notFound(LEAD_MESSAGES.NOT_FOUND);
    const [held] = await tx
      .select({ n: count() })
      .from(buyerLeads)
      .where(
        and(
          eq(buyerLeads.leadId, leadId),
          eq(buyerLeads.companyId, ctx.companyId),
          eq(buyerLeads.isPreview, false),
        ),
      );
    if (Number(held?.n ?? 0) > 0) throw new AppError("CONFLICT", LEAD_MESSAGES.PURCHASED);
    // The submission stays (it is the raw record); it only stops pointing at the lead and being retried.
    await tx
      .update(formSubmissions)
      .set({ leadId: null, routingNextAttemptAt: null })
      .where(and(eq(formSubmissions.leadId, leadId), eq(formSubmissions.companyId, ctx.companyId)));
    await tx.delete(leads).where(own);
  });
  return { success: true as const, message: LEAD_MESSAGES.DELETED };
}
