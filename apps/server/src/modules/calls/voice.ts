import { and, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { DbOrTx } from "../../db/client";
import { callLogs, phoneNumbers } from "../../db/schema";
import { answerTrackedCall, attributeInboundCall } from "../call-tracking";
import { notify } from "../realtime";
import { companyCallSettings } from "./call-settings";
import { statusRank } from "./call-status";
import { companyTwilio } from "./credentials";
import { dialTargets, rotate, type TDialTarget } from "./dial-targets";
import { raiseOutcome } from "./outcomes";
import {
  dialTwiml,
  hangUpTwiml,
  NOT_IN_SERVICE,
  rejectTwiml,
  sayAndHangUp,
  type TFlowSettings,
  unansweredTwiml,
  voicemailTwiml,
  withCompanySettings,
} from "./twiml-flow";
import { type TTwilioRequest, verifyCompanyCallback, verifyInboundCall } from "./webhook-auth";

type TVoiceDeps = Pick<TDeps, "database" | "secretBox" | "config" | "logger">;
export type TVoiceAnswer = { status: 200; twiml: string } | { status: 403 | 404 };
type TNumberRow = typeof phoneNumbers.$inferSelect;

const callbackUrls = (base: string, companyId: string, numberId: string) => ({
  base,
  callback: (path: string, extra: Record<string, string> = {}) =>
    `${base}${path}?${new URLSearchParams({ company: companyId, number: numberId, ...extra })}`,
});
type TUrls = ReturnType<typeof callbackUrls>;

/**
 * What the caller gets and who rings, in order. The round-robin cursor turns once per call; a test
 * call reads it without turning it (it must not change whom the next real call rings first).
 */
async function decideAnswer(
  tx: DbOrTx,
  number: TNumberRow,
  flow: TFlowSettings,
  urls: TUrls,
  opts: { blocked: boolean; test: boolean },
): Promise<{ twiml: string; targets: TDialTarget[] | null }> {
  if (opts.blocked) return { twiml: rejectTwiml(), targets: null };
  if (!number.isActive) return { twiml: sayAndHangUp(NOT_IN_SERVICE), targets: null };
  if (number.routeToVoicemail) return { twiml: voicemailTwiml(flow, urls), targets: null };
  const targets = await dialTargets(tx, number.companyId, number);
  if (targets.length === 0) return { twiml: unansweredTwiml(flow, urls), targets: null };
  let offset = 0;
  if (number.routingStrategy === "round_robin") {
    const [turned] = opts.test
      ? await tx
          .select({ cursor: sql<number>`${phoneNumbers.roundRobinCursor} + 1` })
          .from(phoneNumbers)
          .where(eq(phoneNumbers.id, number.id))
      : await tx
          .update(phoneNumbers)
          .set({ roundRobinCursor: sql`${phoneNumbers.roundRobinCursor} + 1` })
          .where(eq(phoneNumbers.id, number.id))
          .returning({ cursor: phoneNumbers.roundRobinCursor });
    offset = (turned?.cursor ?? 1) - 1;
  }
  const ordered = rotate(targets, offset);
  const twiml = dialTwiml(flow, urls, {
    targets: ordered.map((t) => t.phoneNumber),
    simultaneous: number.routingStrategy === "simultaneous",
    index: 0,
    announce: true,
  });
  return { twiml, targets: ordered };
}

/**
 * Twilio's inbound voice webhook: logs the call once per call SID, attributes it to call tracking, and
 * answers what to do: reject a blocked caller, ring the routing numbers or agents by the number's
 * strategy (recording when enabled), or take a voicemail. The first answer is stored with the call: a
 * replay of the webhook (same CallSid) gets the same TwiML and changes nothing (no turn of the
 * round-robin). A Test Call Center call (`test`) is logged as a test: ended at once, never listed or
 * counted, not attributed, and the round-robin is not turned.
 */
export async function answerInboundCall(
  deps: TVoiceDeps,
  req: TTwilioRequest,
  opts: { test?: boolean } = {},
): Promise<TVoiceAnswer> {
  // Call tracking answers its own numbers first: a tracking number dials its destination, a DNI number
  // without call-center routing the site's number (modules/call-tracking/inbound.ts).
  const tracked = await answerTrackedCall(deps, req, (companyId) => companyTwilio(deps, companyId));
  if (tracked) return tracked;
  const found = await verifyInboundCall(deps, req);
  if (!found) return { status: 403 };
  const { number, twilio, callerBlocked: blocked, settings } = found;
  const db = deps.database.db;
  const callSid = req.params.CallSid ?? "";
  if (!callSid) return { status: 403 };
  const test = opts.test === true;
  const from = req.params.From ?? "";
  const status = req.params.CallStatus || "ringing";
  const to = req.params.To ?? number.phoneNumber;
  const companyId = number.companyId;
  const logged = test ? "completed" : blocked ? "blocked" : status;
  const urls = callbackUrls(twilio.webhookBaseUrl, companyId, number.id);
  const flow = withCompanySettings(number, settings);

  // One transaction: a concurrent replay waits on the call's unique SID, then reads the stored answer.
  const answer = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(callLogs)
      .values({
        companyId,
        callSid,
        fromNumber: from,
        toNumber: to,
        phoneNumberId: number.id,
        status: logged,
        statusRank: statusRank(logged),
        outcome: blocked && !test ? "blocked" : null,
        isTest: test,
        startedAt: new Date(),
        endedAt: blocked || test ? new Date() : null,
      })
      .onConflictDoNothing({ target: callLogs.callSid })
      .returning({ id: callLogs.id });
    if (inserted.length === 0) {
      const [stored] = await tx
        .select({ twiml: callLogs.voiceTwiml })
        .from(callLogs)
        .where(and(eq(callLogs.callSid, callSid), eq(callLogs.companyId, companyId)));
      if (!stored) return null;
      if (stored.twiml) return { twiml: stored.twiml, replay: true };
    }
    const decided = await decideAnswer(tx, number, flow, urls, { blocked, test });
    await tx
      .update(callLogs)
      .set({ voiceTwiml: decided.twiml, dialTargets: decided.targets })
      .where(and(eq(callLogs.callSid, callSid), eq(callLogs.companyId, companyId)));
    return { twiml: decided.twiml, replay: false };
  });
  if (!answer) return { status: 403 };
  if (!answer.replay && !test) {
    await attributeInboundCall(db, { companyId, callSid, from, to, status });
    await notify(db, "call_updated", { companyId });
  }
  return { status: 200, twiml: answer.twiml };
}

/**
 * After a <Dial>: Twilio reports its outcome (DialCallStatus). Answered: the call's outcome is
 * answered and it ends. Otherwise the next number in the call's stored order, or voicemail (or, with
 * voicemail off company-wide, an apology). A replay answers the same and changes nothing more.
 */
export async function answerAfterDial(
  deps: TVoiceDeps,
  query: Record<string, string | undefined>,
  req: TTwilioRequest,
): Promise<TVoiceAnswer> {
  const verified = await verifyCompanyCallback(deps, query.company, req);
  if (!verified) return { status: 403 };
  const db = deps.database.db;
  const { companyId } = verified;
  const callSid = req.params.CallSid ?? "";
  const [number] = await db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.id, query.number ?? ""), eq(phoneNumbers.companyId, companyId)));
  if (!number) return { status: 404 };
  const [call] = callSid
    ? await db
        .select({ targets: callLogs.dialTargets })
        .from(callLogs)
        .where(and(eq(callLogs.callSid, callSid), eq(callLogs.companyId, companyId)))
    : [];
  const urls = callbackUrls(verified.twilio.webhookBaseUrl, companyId, number.id);
  const dialStatus = req.params.DialCallStatus ?? "";
  const next = Number(query.next ?? 0) || 0;
  // The order the call was given when it came in (calls logged before it was stored: as configured now).
  const targets = call?.targets ?? (await dialTargets(db, companyId, number));
  const answered = dialStatus === "completed" || dialStatus === "answered";
  if (call && dialStatus) {
    const agentId = answered && number.routingStrategy !== "simultaneous" ? targets[next - 1]?.agentId : null;
    await db
      .update(callLogs)
      .set({
        ...raiseOutcome(answered ? "answered" : null),
        // A late replay of an earlier leg's failure does not hide that a later leg was answered.
        dialStatus: sql`case when ${callLogs.outcome} = 'answered' and ${!answered} then ${callLogs.dialStatus} else ${dialStatus} end`,
        ...(agentId ? { agentId } : {}),
      })
      .where(and(eq(callLogs.callSid, callSid), eq(callLogs.companyId, companyId)));
    await notify(db, "call_updated", { companyId });
  }
  if (answered) return { status: 200, twiml: hangUpTwiml() };
  const flow = withCompanySettings(number, await companyCallSettings(db, companyId));
  if (number.routingStrategy !== "simultaneous" && next < targets.length) {
    return {
      status: 200,
      twiml: dialTwiml(flow, urls, {
        targets: targets.map((t) => t.phoneNumber),
        simultaneous: false,
        index: next,
        announce: false,
      }),
    };
  }
  return { status: 200, twiml: unansweredTwiml(flow, urls) };
}
