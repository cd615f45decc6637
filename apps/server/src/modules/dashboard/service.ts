import { EXACT_COUNT_LIMIT } from "@leadpost/shared";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countsUpTo } from "../../db/estimated-count";
import { callLogs, forms, leads } from "../../db/schema";

/**
 * The company's dashboard tiles: forms, leads and calls. The average call duration is the rounded
 * mean of completed calls that have a duration (001 §9), 0 when there are none. The leads are counted
 * up to 10,000 (an index-only scan of (company_id, is_test, status)), past that estimated
 * (db/estimated-count.ts).
 */
export async function dashboardCounts(db: Db, companyId: string) {
  const [[formCount], leadCount, [calls]] = await Promise.all([
    db.select({ n: count() }).from(forms).where(eq(forms.companyId, companyId)),
    // Test leads (sandbox API keys) are not business: never counted.
    countsUpTo(
      db,
      {
        leads: sql`select 1 from ${leads} where ${and(eq(leads.companyId, companyId), eq(leads.isTest, false))}`,
      },
      EXACT_COUNT_LIMIT,
    ),
    db
      .select({
        total: count(),
        completed: sql<number>`count(*) filter (where ${callLogs.status} = 'completed')`.mapWith(Number),
        avg: sql<
          number | null
        >`round(avg(${callLogs.duration}) filter (where ${callLogs.status} = 'completed' and ${callLogs.duration} is not null))`.mapWith(
          (v) => (v === null ? null : Number(v)),
        ),
      })
      .from(callLogs)
      // Test Call Center calls are not calls (docs/call-center.md "Outcomes").
      .where(and(eq(callLogs.companyId, companyId), eq(callLogs.isTest, false))),
  ]);
  return {
    formsCreated: Number(formCount?.n ?? 0),
    totalLeads: leadCount.leads.n,
    totalLeadsEstimated: leadCount.leads.estimated,
    totalCalls: Number(calls?.total ?? 0),
    completedCalls: calls?.completed ?? 0,
    avgCallDurationSeconds: calls?.avg ?? 0,
  };
}
