import { CALL_MESSAGES, LIVE_CALL_STATUSES, type TCall, type TCallMetrics } from "@leadpost/shared";
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { callCenterAgents, callLogs, voicemails } from "../../db/schema";
import { createTwilioClient } from "../../integrations/twilio";
import { AppError, notFound } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";
import { notify } from "../realtime";
import { STALE_CALL_HOURS, statusRank } from "./call-status";
import { companyTwilio } from "./credentials";
import { assertCallCenterAdmin } from "./guard";
import { raiseOutcome } from "./outcomes";
import { callRecordingPath, voicemailRecordingPath } from "./recordings";

type TDepsDb = Pick<TDeps, "database">;

async function selectCalls(deps: TDepsDb, companyId: string, opts: { live?: boolean; limit: number }) {
  const rows = await deps.database.db
    .select({ call: callLogs, agentName: callCenterAgents.name, agentPhone: callCenterAgents.phoneNumber })
    .from(callLogs)
    .leftJoin(callCenterAgents, eq(callCenterAgents.id, callLogs.agentId))
    .where(
      and(
        eq(callLogs.companyId, companyId),
        eq(callLogs.isTest, false),
        opts.live ? inArray(callLogs.status, [...LIVE_CALL_STATUSES]) : undefined,
      ),
    )
    .orderBy(desc(callLogs.createdAt), desc(callLogs.id))
    .limit(opts.limit);
  return rows.map(
    ({ call, agentName, agentPhone }): TCall => ({
      id: call.id,
      callSid: call.callSid,
      createdAt: call.createdAt.toISOString(),
      status: call.status,
      outcome: call.outcome,
      dialStatus: call.dialStatus,
      fromNumber: call.fromNumber,
      toNumber: call.toNumber,
      duration: call.duration,
      recordingUrl: call.recordingSid ? callRecordingPath(call.id) : null,
      agent: agentName && agentPhone ? { name: agentName, phoneNumber: agentPhone } : null,
    }),
  );
}

/** 002 §9: call history shows 100 rows, live calls 10. */
export const listCallHistory = async (deps: TDepsDb, ctx: TCompanyContext) => ({
  calls: await selectCalls(deps, ctx.companyId, { limit: 100 }),
});
export const listLiveCalls = async (deps: TDepsDb, ctx: TCompanyContext) => ({
  calls: await selectCalls(deps, ctx.companyId, { live: true, limit: 10 }),
});

/**
 * Deletes call records; the ones still live are ended at Twilio first ("Ended {n} active call(s) via
 * Twilio"). Only the company's own calls are touched.
 */
export async function deleteCalls(
  deps: Pick<TDeps, "database" | "secretBox" | "config">,
  ctx: TCompanyContext,
  callIds: string[],
) {
  assertCallCenterAdmin(ctx);
  const db = deps.database.db;
  const calls = await db
    .select({ id: callLogs.id, callSid: callLogs.callSid, status: callLogs.status })
    .from(callLogs)
    .where(and(eq(callLogs.companyId, ctx.companyId), inArray(callLogs.id, callIds)));
  if (calls.length === 0) throw notFound(CALL_MESSAGES.NOT_FOUND);
  const live = calls.filter((c) => (LIVE_CALL_STATUSES as readonly string[]).includes(c.status));
  let ended = 0;
  if (live.length > 0) {
    const twilio = await companyTwilio(deps, ctx.companyId);
    if (twilio?.accountSid) {
      const client = createTwilioClient(deps.config.twilio.apiBaseUrl, {
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
      });
      for (const call of live) {
        try {
          await client.endCall(call.callSid);
          ended += 1;
        } catch {
          // A call that already ended at Twilio is deleted here all the same.
        }
      }
    }
  }
  await db.delete(callLogs).where(
    and(
      eq(callLogs.companyId, ctx.companyId),
      inArray(
        callLogs.id,
        calls.map((c) => c.id),
      ),
    ),
  );
  await notify(db, "call_updated", { companyId: ctx.companyId });
  const message = `Successfully deleted ${calls.length} call(s)${ended ? `. Ended ${ended} active call(s) via Twilio` : ""}`;
  return { success: true as const, deletedCount: calls.length, twilioEndedCount: ended, message };
}

/** 002 §9: the latest 20 voicemails, and how many are unread (the tab label). */
export async function listVoicemails(deps: TDepsDb, ctx: TCompanyContext) {
  const db = deps.database.db;
  const rows = await db
    .select()
    .from(voicemails)
    .where(eq(voicemails.companyId, ctx.companyId))
    .orderBy(desc(voicemails.createdAt))
    .limit(20);
  const [unread] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(voicemails)
    .where(and(eq(voicemails.companyId, ctx.companyId), eq(voicemails.isRead, false)));
  return {
    voicemails: rows.map((v) => ({
      id: v.id,
      fromNumber: v.fromNumber,
      createdAt: v.createdAt.toISOString(),
      transcription: v.transcription,
      recordingUrl: v.recordingSid ? voicemailRecordingPath(v.id) : null,
      duration: v.duration,
      isRead: v.isRead,
    })),
    unread: unread?.n ?? 0,
  };
}

export async function markVoicemailRead(deps: TDepsDb, ctx: TCompanyContext, id: string) {
  const [row] = await deps.database.db
    .update(voicemails)
    .set({ isRead: true })
    .where(and(eq(voicemails.id, id), eq(voicemails.companyId, ctx.companyId)))
    .returning({ id: voicemails.id });
  if (!row) throw notFound(CALL_MESSAGES.NOT_FOUND);
  return { success: true as const, message: "Marked as read" };
}

// Outcomes, not statuses: a call that ended "completed" after a voicemail was not answered by anyone.
const ANSWERED = sql`${callLogs.outcome} = 'answered'`;
const MISSED = sql`${callLogs.outcome} = 'missed'`;
const VOICEMAIL = sql`${callLogs.outcome} = 'voicemail'`;
const count = (filter: SQL) => sql<number>`(count(*) filter (where ${filter}))::int`;

/**
 * Live Dashboard cards and Analytics: answer rate (calls a person answered, by the Dial outcome),
 * missed and voicemail counts, average duration of answered calls, by day and number. Test calls are
 * not counted.
 */
export async function callMetrics(deps: TDepsDb, ctx: TCompanyContext, days: number): Promise<TCallMetrics> {
  const db = deps.database.db;
  const since = new Date(Date.now() - days * 86_400_000);
  const scope = and(
    eq(callLogs.companyId, ctx.companyId),
    eq(callLogs.isTest, false),
    gte(callLogs.createdAt, since),
  );
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      completed: count(ANSWERED),
      active: count(inArray(callLogs.status, [...LIVE_CALL_STATUSES])),
      missed: count(MISSED),
      voicemail: count(VOICEMAIL),
      completedDuration: sql<number>`coalesce(sum(${callLogs.duration}) filter (where ${ANSWERED}), 0)::int`,
    })
    .from(callLogs)
    .where(scope);
  const byDay = await db
    .select({
      date: sql<string>`to_char(${callLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      calls: sql<number>`count(*)::int`,
      answered: count(ANSWERED),
      missed: count(MISSED),
      voicemail: count(VOICEMAIL),
    })
    .from(callLogs)
    .where(scope)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const byNumber = await db
    .select({
      number: sql<string>`coalesce(${callLogs.toNumber}, '')`,
      calls: sql<number>`count(*)::int`,
      answered: count(ANSWERED),
    })
    .from(callLogs)
    .where(scope)
    .groupBy(sql`1`)
    .orderBy(sql`2 desc`);
  const [agents] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(callCenterAgents)
    .where(and(eq(callCenterAgents.companyId, ctx.companyId), eq(callCenterAgents.status, "available")));
  const total = totals?.total ?? 0;
  const completed = totals?.completed ?? 0;
  return {
    totalCalls: total,
    completedCalls: completed,
    activeCalls: totals?.active ?? 0,
    missedCalls: totals?.missed ?? 0,
    voicemailCalls: totals?.voicemail ?? 0,
    answerRate: total ? Math.round((completed / total) * 100) : 0,
    averageDuration: completed ? Math.round((totals?.completedDuration ?? 0) / completed) : 0,
    availableAgents: agents?.n ?? 0,
    byDay,
    byNumber,
  };
}

/**
 * The stale-call sweep (background job): calls still ringing or in progress after 2 hours never got
 * their final callback; they are marked failed so live lists and metrics stay true.
 */
export async function sweepStaleCalls(deps: TDepsDb, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - STALE_CALL_HOURS * 3_600_000);
  const stale = await deps.database.db
    .update(callLogs)
    .set({ status: "failed", statusRank: statusRank("failed"), endedAt: now, ...raiseOutcome("missed") })
    .where(and(inArray(callLogs.status, [...LIVE_CALL_STATUSES]), lt(callLogs.createdAt, cutoff)))
    .returning({ companyId: callLogs.companyId });
  for (const companyId of new Set(stale.map((s) => s.companyId))) {
    await notify(deps.database.db, "call_updated", { companyId });
  }
  return stale.length;
}

export function requireTwilioMessage(): never {
  throw new AppError("TWILIO_NOT_CONFIGURED", CALL_MESSAGES.NOT_CONFIGURED);
}
