import { usPhoneDigits } from "@leadpost/shared";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { callTrackingLogs, dniNumbers, dniSessions, phoneNumbers, trackingNumbers } from "../../db/schema";
import { notify } from "../realtime";

/** A call is linked to the latest visit that was shown the called number within this window. */
export const ATTRIBUTION_WINDOW_DAYS = 30;

/** Last ten digits of a stored number, in SQL, to compare numbers written in different formats. */
export const digitsSql = (column: unknown) => sql`right(regexp_replace(${column}, '\\D', '', 'g'), 10)`;

/** Later statuses outrank earlier ones, so a late callback never moves a logged call backwards. */
const STATUS_RANK: Record<string, number> = {
  queued: 0,
  initiated: 1,
  ringing: 2,
  "in-progress": 3,
  answered: 3,
};
const rank = (status: string | null) => (status === null ? -1 : (STATUS_RANK[status] ?? 4));

export type TInboundCall = {
  companyId: string;
  callSid: string;
  from: string | null;
  to: string;
  status: string;
  duration?: number | null;
};

/**
 * Logs an inbound call to one of the company's tracking or DNI numbers, with the source and campaign it
 * came from and the latest visit that showed that number. Returns null for numbers that track nothing.
 * Safe to repeat: the same call is logged once (its status is updated instead).
 */
export async function attributeInboundCall(db: Db, call: TInboundCall): Promise<{ id: string } | null> {
  const called = usPhoneDigits(call.to);
  if (!called) return null;
  const [tracking] = await db
    .select({
      id: trackingNumbers.id,
      source: trackingNumbers.source,
      campaignId: trackingNumbers.campaignId,
    })
    .from(trackingNumbers)
    .innerJoin(phoneNumbers, eq(phoneNumbers.id, trackingNumbers.phoneNumberId))
    .where(
      and(
        eq(trackingNumbers.companyId, call.companyId),
        eq(phoneNumbers.companyId, call.companyId),
        eq(trackingNumbers.status, "active"),
        sql`${digitsSql(phoneNumbers.phoneNumber)} = ${called}`,
      ),
    )
    .orderBy(desc(trackingNumbers.createdAt))
    .limit(1);
  const [dni] = await db
    .select({ source: dniNumbers.source })
    .from(dniNumbers)
    .where(
      and(eq(dniNumbers.companyId, call.companyId), sql`${digitsSql(dniNumbers.phoneNumber)} = ${called}`),
    )
    .orderBy(desc(dniNumbers.createdAt))
    .limit(1);
  if (!tracking && !dni) return null;
  const [session] = await db
    .select({ id: dniSessions.id, source: dniSessions.source, campaign: dniSessions.utmCampaign })
    .from(dniSessions)
    .where(
      and(
        eq(dniSessions.companyId, call.companyId),
        eq(dniSessions.shownNumber, called),
        gte(dniSessions.createdAt, sql`now() - make_interval(days => ${ATTRIBUTION_WINDOW_DAYS})`),
      ),
    )
    .orderBy(desc(dniSessions.createdAt))
    .limit(1);
  const [row] = await db
    .insert(callTrackingLogs)
    .values({
      companyId: call.companyId,
      trackingNumberId: tracking?.id ?? null,
      dniSessionId: session?.id ?? null,
      callSid: call.callSid,
      callerNumber: call.from,
      calledNumber: call.to,
      status: call.status,
      duration: call.duration ?? null,
      visitorSource: session?.source ?? dni?.source ?? tracking?.source ?? null,
      campaignId: tracking?.campaignId ?? session?.campaign ?? null,
    })
    .onConflictDoNothing({ target: [callTrackingLogs.companyId, callTrackingLogs.callSid] })
    .returning({ id: callTrackingLogs.id });
  if (!row) return updateTrackedCall(db, call);
  await notify(db, "call_tracked", { companyId: call.companyId });
  return row;
}

/** A status callback for a logged call: moves its status forward only, and records the duration. */
export async function updateTrackedCall(
  db: Db,
  call: Pick<TInboundCall, "companyId" | "callSid" | "status" | "duration">,
): Promise<{ id: string } | null> {
  const [existing] = await db
    .select({ id: callTrackingLogs.id, status: callTrackingLogs.status })
    .from(callTrackingLogs)
    .where(and(eq(callTrackingLogs.companyId, call.companyId), eq(callTrackingLogs.callSid, call.callSid)));
  if (!existing) return null;
  if (rank(call.status) < rank(existing.status)) return existing;
  await db
    .update(callTrackingLogs)
    .set({ status: call.status, ...(call.duration != null ? { duration: call.duration } : {}) })
    .where(eq(callTrackingLogs.id, existing.id));
  await notify(db, "call_tracked", { companyId: call.companyId });
  return existing;
}
