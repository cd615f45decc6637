import type { TLeadReturn, TReturnCounts, TReturnStatus } from "@leadpost/shared";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { buyers, forms, leadPhoneMarks, leadReturns, leads } from "../../db/schema";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Every join repeats the company, so a return never shows another company's rows. */
function selectReturns(db: DbOrTx) {
  return db
    .select({
      id: leadReturns.id,
      leadId: leadReturns.leadId,
      buyerId: leadReturns.buyerId,
      buyerName: sql<string>`coalesce(nullif(${buyers.companyName}, ''), nullif(${buyers.contactName}, ''), ${buyers.email})`,
      leadName: leads.name,
      leadService: leads.serviceType,
      formTitle: forms.title,
      reason: leadReturns.reason,
      note: leadReturns.note,
      credits: leadReturns.credits,
      status: leadReturns.status,
      decisionNote: leadReturns.decisionNote,
      autoApproved: leadReturns.autoApproved,
      resold: leadReturns.resold,
      phoneMarkedInvalid: sql<boolean>`${leadPhoneMarks.leadId} is not null`,
      purchasedAt: leadReturns.purchasedAt,
      decidedAt: leadReturns.decidedAt,
      createdAt: leadReturns.createdAt,
    })
    .from(leadReturns)
    .innerJoin(buyers, and(eq(buyers.id, leadReturns.buyerId), eq(buyers.companyId, leadReturns.companyId)))
    .innerJoin(leads, and(eq(leads.id, leadReturns.leadId), eq(leads.companyId, leadReturns.companyId)))
    .leftJoin(forms, and(eq(forms.id, leads.formId), eq(forms.companyId, leads.companyId)))
    .leftJoin(
      leadPhoneMarks,
      and(eq(leadPhoneMarks.leadId, leadReturns.leadId), eq(leadPhoneMarks.companyId, leadReturns.companyId)),
    );
}

type TRow = Awaited<ReturnType<ReturnType<typeof selectReturns>["where"]>>[number];

const toReturn = (r: TRow): TLeadReturn => ({
  ...r,
  phoneMarkedInvalid: Boolean(r.phoneMarkedInvalid),
  purchasedAt: iso(r.purchasedAt),
  decidedAt: iso(r.decidedAt),
  createdAt: r.createdAt.toISOString(),
});

const RETURNS_PER_LIST = 200;

/** A company's returns (or one buyer's), newest first, optionally of one status. */
export async function listReturns(
  db: DbOrTx,
  scope: { companyId: string; buyerId?: string; status?: TReturnStatus },
): Promise<TLeadReturn[]> {
  const where: SQL[] = [eq(leadReturns.companyId, scope.companyId)];
  if (scope.buyerId) where.push(eq(leadReturns.buyerId, scope.buyerId));
  if (scope.status) where.push(eq(leadReturns.status, scope.status));
  const rows = await selectReturns(db)
    .where(and(...where))
    .orderBy(desc(leadReturns.createdAt))
    .limit(RETURNS_PER_LIST);
  return rows.map(toReturn);
}

/** One return of the company, or null (another company's id reads as none). */
export async function findReturn(db: DbOrTx, companyId: string, returnId: string) {
  const [row] = await selectReturns(db).where(
    and(eq(leadReturns.companyId, companyId), eq(leadReturns.id, returnId)),
  );
  return row ? toReturn(row) : null;
}

/** How many returns of each state the company has (the navigation shows the pending count). */
export async function countReturns(db: DbOrTx, companyId: string): Promise<TReturnCounts> {
  const rows = await db
    .select({ status: leadReturns.status, n: sql<number>`count(*)::int` })
    .from(leadReturns)
    .where(eq(leadReturns.companyId, companyId))
    .groupBy(leadReturns.status);
  const counts: TReturnCounts = { pending: 0, approved: 0, rejected: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}
