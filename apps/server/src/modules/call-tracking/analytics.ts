import { RECENT_TRACKED_CALLS, type TCallTrackingAnalytics, type TTrackedCall } from "@leadpost/shared";
import { toE164 } from "@leadpost/shared/domain/phone";
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { callTrackingLogs, dniSessions, leads } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";
import { ATTRIBUTION_WINDOW_DAYS } from "./attribution";

type TDepsDb = Pick<TDeps, "database">;

/** 002 §9: answered means completed or answered. */
const ANSWERED = sql`${callTrackingLogs.status} in ('completed', 'answered')`;

const trackedCallColumns = {
  id: callTrackingLogs.id,
  createdAt: callTrackingLogs.createdAt,
  callerNumber: callTrackingLogs.callerNumber,
  calledNumber: callTrackingLogs.calledNumber,
  status: callTrackingLogs.status,
  duration: callTrackingLogs.duration,
  visitorSource: callTrackingLogs.visitorSource,
  campaignId: callTrackingLogs.campaignId,
  sessionId: callTrackingLogs.dniSessionId,
  attribution: callTrackingLogs.attribution,
  landingPage: dniSessions.landingPage,
};

const sessionOfCall = and(
  eq(dniSessions.id, callTrackingLogs.dniSessionId),
  eq(dniSessions.companyId, callTrackingLogs.companyId),
);

const toTrackedCall = (r: { createdAt: Date } & Omit<TTrackedCall, "createdAt">): TTrackedCall => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

/** UTC calendar days from `days - 1` days ago to today, oldest first. */
function dayKeys(days: number, now = new Date()): string[] {
  const keys: string[] = [];
  for (let i = days - 1; i >= 0; i--)
    keys.push(new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10));
  return keys;
}

/** Analytics tab: the period's calls in four figures, by source, by day, and the latest ten. */
export async function callTrackingAnalytics(
  deps: TDepsDb,
  ctx: TCompanyContext,
  days: number,
): Promise<TCallTrackingAnalytics> {
  const db = deps.database.db;
  const since = new Date(Date.now() - days * 86_400_000);
  const inPeriod = and(eq(callTrackingLogs.companyId, ctx.companyId), gte(callTrackingLogs.createdAt, since));
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      answered: sql<number>`(count(*) filter (where ${ANSWERED}))::int`,
      duration: sql<number>`coalesce(sum(${callTrackingLogs.duration}), 0)::int`,
    })
    .from(callTrackingLogs)
    .where(inPeriod);
  const bySource = await db
    .select({
      source: sql<string>`coalesce(${callTrackingLogs.visitorSource}, 'unknown')`,
      calls: sql<number>`count(*)::int`,
    })
    .from(callTrackingLogs)
    .where(inPeriod)
    .groupBy(sql`1`)
    .orderBy(sql`2 desc`, sql`1`);
  const perDay = await db
    .select({
      date: sql<string>`to_char(${callTrackingLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      calls: sql<number>`count(*)::int`,
    })
    .from(callTrackingLogs)
    .where(inPeriod)
    .groupBy(sql`1`);
  const recent = await db
    .select(trackedCallColumns)
    .from(callTrackingLogs)
    .leftJoin(dniSessions, sessionOfCall)
    .where(inPeriod)
    .orderBy(desc(callTrackingLogs.createdAt), desc(callTrackingLogs.id))
    .limit(RECENT_TRACKED_CALLS);
  const total = totals?.total ?? 0;
  const answered = totals?.answered ?? 0;
  const counts = new Map(perDay.map((d) => [d.date, d.calls]));
  return {
    days,
    totalCalls: total,
    answeredCalls: answered,
    answerRate: total ? Math.round((answered / total) * 100) : 0,
    averageDuration: total ? Math.round((totals?.duration ?? 0) / total) : 0,
    bySource,
    byDay: dayKeys(days).map((date) => ({ date, calls: counts.get(date) ?? 0 })),
    recentCalls: recent.map(toTrackedCall),
  };
}

/**
 * Calls from the lead's phone within the attribution window around the lead: the same person's call and
 * form touches, shown together on the lead.
 */
export async function leadCallTouches(deps: TDepsDb, ctx: TCompanyContext, leadId: string) {
  const db = deps.database.db;
  const [lead] = await db
    .select({ phone: leads.phone, createdAt: leads.createdAt })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.companyId, ctx.companyId)));
  if (!lead) throw notFound("Lead not found");
  const caller = lead.phone ? toE164(lead.phone) : null;
  if (!caller) return { calls: [] };
  const window = ATTRIBUTION_WINDOW_DAYS * 86_400_000;
  const rows = await db
    .select(trackedCallColumns)
    .from(callTrackingLogs)
    .leftJoin(dniSessions, sessionOfCall)
    .where(
      and(
        eq(callTrackingLogs.companyId, ctx.companyId),
        eq(callTrackingLogs.callerNumber, caller),
        gte(callTrackingLogs.createdAt, new Date(lead.createdAt.getTime() - window)),
        lte(callTrackingLogs.createdAt, new Date(lead.createdAt.getTime() + window)),
      ),
    )
    .orderBy(desc(callTrackingLogs.createdAt))
    .limit(20);
  return { calls: rows.map(toTrackedCall) };
}
