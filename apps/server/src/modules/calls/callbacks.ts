import { toE164 } from "@leadpost/shared/domain/phone";
import { and, eq, lt, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { callCenterAgents, callLogs, voicemails } from "../../db/schema";
import type { TTwilioWebhookRequest } from "../../integrations/twilio";
import { updateTrackedCall } from "../call-tracking";
import { notify } from "../realtime";
import { statusRank } from "./call-status";
import { raiseOutcome } from "./outcomes";
import { verifyCompanyCallback } from "./webhook-auth";

type TCallbackDeps = Pick<TDeps, "database" | "secretBox" | "config">;
type TQuery = Record<string, string | undefined>;

const seconds = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
};

/**
 * A call status callback: the call moves forward only (never from completed back to ringing), a repeated
 * callback changes nothing, and an agent's count goes up once when its call completes. A call that ends
 * with no outcome yet is missed (a voicemail or the Dial outcome arriving later still raises it).
 * Callbacks of a dialled leg (`<Number>` events, with ParentCallSid) move the caller's call instead.
 */
export async function handleStatusCallback(deps: TCallbackDeps, query: TQuery, req: TTwilioWebhookRequest) {
  const verified = await verifyCompanyCallback(deps, query.company, req);
  if (!verified) return 403 as const;
  const callSid = req.params.CallSid ?? "";
  const status = req.params.CallStatus ?? "";
  if (!callSid || !status) return 204 as const;
  if (req.params.ParentCallSid || query.leg === "dial") {
    await handleDialLegStatus(deps, verified.companyId, req);
    return 204 as const;
  }
  const db = deps.database.db;
  const rank = statusRank(status);
  const final = rank >= statusRank("completed");
  const updated = await db
    .update(callLogs)
    .set({
      status,
      statusRank: rank,
      ...(seconds(req.params.CallDuration) !== null ? { duration: seconds(req.params.CallDuration) } : {}),
      ...(final ? { endedAt: new Date(), ...raiseOutcome("missed") } : {}),
    })
    .where(
      and(
        eq(callLogs.companyId, verified.companyId),
        eq(callLogs.callSid, callSid),
        lt(callLogs.statusRank, rank),
      ),
    )
    .returning({ agentId: callLogs.agentId });
  const agentId = updated[0]?.agentId;
  if (agentId && status === "completed") {
    await db
      .update(callCenterAgents)
      .set({ callCount: sql`${callCenterAgents.callCount} + 1` })
      .where(and(eq(callCenterAgents.id, agentId), eq(callCenterAgents.companyId, verified.companyId)));
  }
  await updateTrackedCall(db, {
    companyId: verified.companyId,
    callSid,
    status,
    duration: seconds(req.params.CallDuration),
  });
  if (updated.length) await notify(db, "call_updated", { companyId: verified.companyId });
  return 204 as const;
}

/**
 * A dialled leg's progress: answered (`in-progress`) puts the caller's call in progress with the answered
 * outcome and the agent whose phone answered; ringing shows it ringing. Its end is not the caller's end
 * (voicemail may follow), so it changes nothing on the caller's call.
 */
async function handleDialLegStatus(deps: TCallbackDeps, companyId: string, req: TTwilioWebhookRequest) {
  const parent = req.params.ParentCallSid ?? "";
  const status = req.params.CallStatus ?? "";
  if (!parent || (status !== "in-progress" && status !== "answered" && status !== "ringing")) return;
  const db = deps.database.db;
  const where = and(eq(callLogs.companyId, companyId), eq(callLogs.callSid, parent));
  const [call] = await db.select({ targets: callLogs.dialTargets }).from(callLogs).where(where);
  if (!call) return;
  const rank = statusRank(status);
  const answered = status !== "ringing";
  const e164 = (value: string) => toE164(value) ?? value;
  const dialled = e164(req.params.To ?? req.params.Called ?? "");
  const agentId = answered ? call.targets?.find((t) => e164(t.phoneNumber) === dialled)?.agentId : null;
  const updated = await db
    .update(callLogs)
    .set({
      status: answered ? "in-progress" : "ringing",
      statusRank: rank,
      ...raiseOutcome(answered ? "answered" : null),
      ...(agentId ? { agentId } : {}),
    })
    .where(and(where, lt(callLogs.statusRank, rank)))
    .returning({ id: callLogs.id });
  if (updated.length) await notify(db, "call_updated", { companyId });
}

/** A recording is ready: a voicemail (once per recording SID) or the call's own recording. */
export async function handleRecordingCallback(
  deps: TCallbackDeps,
  query: TQuery,
  req: TTwilioWebhookRequest,
) {
  const verified = await verifyCompanyCallback(deps, query.company, req);
  if (!verified) return 403 as const;
  const { CallSid: callSid, RecordingSid: recordingSid, RecordingUrl: recordingUrl } = req.params;
  if (!recordingSid || !recordingUrl) return 204 as const;
  const db = deps.database.db;
  if (query.kind === "voicemail") {
    const [call] = callSid
      ? await db
          .select({ from: callLogs.fromNumber })
          .from(callLogs)
          .where(and(eq(callLogs.callSid, callSid), eq(callLogs.companyId, verified.companyId)))
      : [];
    await db
      .insert(voicemails)
      .values({
        companyId: verified.companyId,
        callSid: callSid ?? null,
        fromNumber: call?.from ?? req.params.From ?? null,
        recordingUrl,
        recordingSid,
        duration: seconds(req.params.RecordingDuration),
      })
      .onConflictDoNothing({ target: voicemails.recordingSid });
    if (callSid) {
      await db
        .update(callLogs)
        .set(raiseOutcome("voicemail"))
        .where(and(eq(callLogs.callSid, callSid), eq(callLogs.companyId, verified.companyId)));
    }
  } else if (callSid) {
    await db
      .update(callLogs)
      .set({ recordingUrl, recordingSid })
      .where(and(eq(callLogs.callSid, callSid), eq(callLogs.companyId, verified.companyId)));
  }
  await notify(db, "call_updated", { companyId: verified.companyId });
  return 204 as const;
}

/** A voicemail's transcription arrived. */
export async function handleTranscriptionCallback(
  deps: TCallbackDeps,
  query: TQuery,
  req: TTwilioWebhookRequest,
) {
  const verified = await verifyCompanyCallback(deps, query.company, req);
  if (!verified) return 403 as const;
  const { RecordingSid: recordingSid, TranscriptionText: text } = req.params;
  if (recordingSid && text !== undefined) {
    await deps.database.db
      .update(voicemails)
      .set({ transcription: text })
      .where(and(eq(voicemails.recordingSid, recordingSid), eq(voicemails.companyId, verified.companyId)));
  }
  return 204 as const;
}
