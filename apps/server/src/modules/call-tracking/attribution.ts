import type { TTrackedCallAttribution } from "@leadpost/shared";
import { toE164 } from "@leadpost/shared/domain/phone";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { col, preparedStatement, rowOf } from "../../db/raw";
import { callTrackingLogs, dniNumbers, dniSessions, phoneNumbers, trackingNumbers } from "../../db/schema";
import { notify } from "../realtime";

/** A call is linked to a visit that was shown the called number within this window. */
export const ATTRIBUTION_WINDOW_DAYS = 30;
/**
 * A visit holds its number this long after its latest page view: a call in that time to a number that
 * no other active visit holds is that visit's own call. After it the number may go to another visitor.
 */
export const VISIT_HOLD_MINUTES = 30;

/** Later statuses outrank earlier ones, so a late callback never moves a logged call backwards. */
const STATUS_RANK: Record<string, number> = {
  queued: 0,
  initiated: 1,
  ringing: 2,
  "in-progress": 3,
  answered: 3,
};
const rank = (status: string | null) => (status === null ? -1 : (STATUS_RANK[status] ?? 4));
/** A call with one of these has its outcome; a later status callback of the caller's leg changes nothing. */
const FINAL = new Set(["completed", "busy", "no-answer", "failed", "canceled"]);

export type TInboundCall = {
  companyId: string;
  callSid: string;
  from: string | null;
  to: string;
  status: string;
  duration?: number | null;
};

/** The visit a call to `number` (E.164) came from, and how sure that is; null when no visit showed it. */
export async function visitForCall(db: Db, companyId: string, number: string) {
  const activeSince = sql`now() - make_interval(mins => ${VISIT_HOLD_MINUTES})`;
  const [latest] = await db
    .select({
      id: dniSessions.id,
      source: dniSessions.source,
      campaign: dniSessions.utmCampaign,
      active: sql<boolean>`${dniSessions.lastSeenAt} >= ${activeSince}`,
      holders: sql<number>`(select count(*)::int from ${dniSessions} other where other.company_id = ${companyId} and other.shown_number = ${number} and other.last_seen_at >= ${activeSince})`,
    })
    .from(dniSessions)
    .where(
      and(
        eq(dniSessions.companyId, companyId),
        eq(dniSessions.shownNumber, number),
        gte(dniSessions.lastSeenAt, sql`now() - make_interval(days => ${ATTRIBUTION_WINDOW_DAYS})`),
      ),
    )
    .orderBy(desc(dniSessions.lastSeenAt), desc(dniSessions.createdAt))
    .limit(1);
  if (!latest) return null;
  // Held by this visit alone: the per-visit number of the pool; otherwise the latest visit is a guess.
  const attribution: TTrackedCallAttribution =
    latest.active && Number(latest.holders) === 1 ? "visit" : "latest_visit";
  return { id: latest.id, source: latest.source, campaign: latest.campaign, attribution };
}

/**
 * The company's active tracking number and DNI number for a called number (newest of each), in one
 * prepared statement: every inbound call asks it, and most calls (the call center's own numbers) find
 * neither.
 */
const trackedNumberStatement = preparedStatement(
  rowOf({
    trackingId: col.orNull(col.text),
    trackingSource: col.orNull(col.text),
    campaignId: col.orNull(col.text),
    dniSource: col.orNull(col.text),
  }),
  () => {
    const companyId = sql`${sql.placeholder("companyId")}::uuid`;
    const called = sql.placeholder("called");
    return sql`
      select t.id as "trackingId", t.source as "trackingSource", t.campaign_id as "campaignId",
             d.source as "dniSource"
        from (select 1) one
        left join lateral (
          select t.id, t.source, t.campaign_id from ${trackingNumbers} t
            join ${phoneNumbers} p on p.id = t.phone_number_id and p.company_id = t.company_id
           where t.company_id = ${companyId} and t.status = 'active' and p.phone_number = ${called}
           order by t.created_at desc limit 1) t on true
        left join lateral (
          select d.source from ${dniNumbers} d
           where d.company_id = ${companyId} and d.phone_number = ${called}
           order by d.created_at desc limit 1) d on true`;
  },
);

/**
 * Logs an inbound call to one of the company's tracking or DNI numbers, with the source and campaign it
 * came from and the visit that was shown the called number (see visitForCall). Returns null for numbers
 * that track nothing. Safe to repeat: the same call is logged once (its status is updated instead).
 */
export async function attributeInboundCall(db: Db, call: TInboundCall): Promise<{ id: string } | null> {
  const called = toE164(call.to);
  if (!called) return null;
  const [found] = await trackedNumberStatement(db, { companyId: call.companyId, called });
  const tracking = found?.trackingId
    ? { id: found.trackingId, source: found.trackingSource, campaignId: found.campaignId }
    : null;
  const dni = found?.dniSource ? { source: found.dniSource } : null;
  if (!tracking && !dni) return null;
  const visit = await visitForCall(db, call.companyId, called);
  const [row] = await db
    .insert(callTrackingLogs)
    .values({
      companyId: call.companyId,
      trackingNumberId: tracking?.id ?? null,
      dniSessionId: visit?.id ?? null,
      attribution: visit?.attribution ?? null,
      callSid: call.callSid,
      callerNumber: call.from ? (toE164(call.from) ?? call.from) : null,
      calledNumber: called,
      status: call.status,
      duration: call.duration ?? null,
      visitorSource: visit?.source ?? dni?.source ?? tracking?.source ?? null,
      campaignId: tracking?.campaignId ?? visit?.campaign ?? null,
    })
    .onConflictDoNothing({ target: [callTrackingLogs.companyId, callTrackingLogs.callSid] })
    .returning({ id: callTrackingLogs.id });
  if (!row) return updateTrackedCall(db, call);
  await notify(db, "call_tracked", { companyId: call.companyId });
  return row;
}

/**
 * A status callback for a logged call: moves its status forward only, and records the duration. A call
 * whose outcome is known (the dialled leg's, see inbound.ts) keeps it.
 */
export async function updateTrackedCall(
  db: Db,
  call: Pick<TInboundCall, "companyId" | "callSid" | "status" | "duration">,
): Promise<{ id: string } | null> {
  const [existing] = await db
    .select({ id: callTrackingLogs.id, status: callTrackingLogs.status })
    .from(callTrackingLogs)
    .where(and(eq(callTrackingLogs.companyId, call.companyId), eq(callTrackingLogs.callSid, call.callSid)));
  if (!existing) return null;
  if (rank(call.status) < rank(existing.status) || FINAL.has(existing.status ?? "")) return existing;
  await db
    .update(callTrackingLogs)
    .set({ status: call.status, ...(call.duration != null ? { duration: call.duration } : {}) })
    .where(eq(callTrackingLogs.id, existing.id));
  await notify(db, "call_tracked", { companyId: call.companyId });
  return existing;
}
