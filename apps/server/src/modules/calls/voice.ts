import { and, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { DbOrTx } from "../../db/client";
import { callLogs, phoneNumbers } from "../../db/schema";
import type { TTwilioWebhookRequest } from "../../integrations/twilio";
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
import { verifyCompanyCallback, verifyInboundCall } from "./webhook-auth";

type TVoiceDeps = Pick<TDeps, "database" | "secretBox" | "config" | "logger">;
export type TVoiceAnswer = { status: 200; twiml: string } | { status: 403 | 404 };
type TNumberRow = typeof phoneNumbers.$inferSelect;

const callbackUrls = (base: string, companyId: string, numberId: string) => ({
  base,
  callback: (path: string, extra: Record<string, string> = {}) =>
    `${base}${path}?${new URLSearchParams({ company: companyId, number: numberId, ...extra })}`,
});
type TUrls = ReturnType<typeof callbackUrls>;

type TDecided = { twiml: string; targets: TDialTarget[] | null };

/**
 * What the caller gets and who rings, decided from reads alone when nothing turns: a blocked caller,
 * an inactive number, voicemail, nobody to ring, or a sequential / all-at-once list. A round-robin
 * list answers `turn` with its targets: the cursor turns once per call, so that answer is only made
 * with the call's log row written (decideTurn). A test call reads the cursor without turning it (it
 * must not change whom the next real call rings first).
 */
async function planAnswer(
  db: DbOrTx,
  number: TNumberRow,
  flow: TFlowSettings,
  urls: TUrls,
  opts: { blocked: boolean; test: boolean },
): Promise<TDecided | { turn: TDialTarget[] }> {
  if (opts.blocked) return { twiml: rejectTwiml(), targets: null };
  if (!number.isActive) return { twiml: sayAndHangUp(NOT_IN_SERVICE), targets: null };
  if (number.routeToVoicemail) return { twiml: voicemailTwiml(flow, urls), targets: null };
  const targets = await dialTargets(db, number.companyId, number);
  if (targets.length === 0) return { twiml: unansweredTwiml(flow, urls), targets: null };
  if (number.routingStrategy !== "round_robin") return dialAnswer(number, flow, urls, targets, 0);
  if (!opts.test) return { turn: targets };
  const [cursor] = await db
    .select({ cursor: sql<number>`${phoneNumbers.roundRobinCursor} + 1` })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.id, number.id));
  return dialAnswer(number, flow, urls, targets, (cursor?.cursor ?? 1) - 1);
}

/** The round-robin cursor turned (inside the call's transaction) and the list rotated by it. */
async function decideTurn(
  tx: DbOrTx,
  number: TNumberRow,
  flow: TFlowSettings,
  urls: TUrls,
  targets: TDialTarget[],
): Promise<TDecided> {
  const [turned] = await tx
    .update(phoneNumbers)
    .set({ roundRobinCursor: sql`${phoneNumbers.roundRobinCursor} + 1` })
    .where(eq(phoneNumbers.id, number.id))
    .returning({ cursor: phoneNumbers.roundRobinCursor });
  return dialAnswer(number, flow, urls, targets, (turned?.cursor ?? 1) - 1);
}

function dialAnswer(
  number: TNumberRow,
  flow: TFlowSettings,
  urls: TUrls,
  targets: TDialTarget[],
  offset: number,
): TDecided {
  const ordered = rotate(targets, offset);
  const twiml = dialTwiml(flow, urls, {
    targets: ordered.map((t) => t.phoneNumber),
    simultaneous: number.routingStrategy === "simultaneous",
    index: 0,
    announce: true,
  });
  return { twiml, targets: ordered };
}

/** The call's log row, unless its SID is already logged (then nothing is written): true when inserted. */
async function insertCallLog(db: DbOrTx, row: typeof callLogs.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(callLogs)
    .values(row)
    .onConflictDoNothing({ target: callLogs.callSid })
    .returning({ id: callLogs.id });
  return inserted.length > 0;
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
  req: TTwilioWebhookRequest,
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

  const row = {
    companyId,
    callSid,
    fromNumber: from,
    toNumber: to,
    phoneNumberId: number.id,
    status: logged,
    statusRank: statusRank(logged),
    outcome: blocked && !test ? ("blocked" as const) : null,
    isTest: test,
    startedAt: new Date(),
    endedAt: blocked || test ? new Date() : null,
  };
  const storedAnswer = async (tx: DbOrTx) => {
    const [stored] = await tx
      .select({ twiml: callLogs.voiceTwiml })
      .from(callLogs)
      .where(and(eq(callLogs.callSid, callSid), eq(callLogs.companyId, companyId)));
    return stored;
  };

  // Decided from reads first; when nothing turns, the call is logged with its answer in one statement
  // (no transaction): a replay (Twilio retries) conflicts on the unique SID, writes nothing and gets
  // the stored answer; a concurrent replay waits on that SID until the first call's row is committed.
  const plan = await planAnswer(db, number, flow, urls, { blocked, test });
  let answer: { twiml: string; replay: boolean } | null = null;
  if ("twiml" in plan) {
    const inserted = await insertCallLog(db, { ...row, voiceTwiml: plan.twiml, dialTargets: plan.targets });
    if (inserted) answer = { twiml: plan.twiml, replay: false };
    else {
      const stored = await storedAnswer(db);
      if (!stored) return { status: 403 };
      if (stored.twiml) answer = { twiml: stored.twiml, replay: true };
    }
  }
  // A round-robin turn, or a call logged before its answer (a status callback came first): one
  // transaction, so a concurrent replay waits on the call's unique SID, then reads the stored answer.
  answer ??= await db.transaction(async (tx) => {
    const inserted = await insertCallLog(tx, row);
    if (!inserted) {
      const stored = await storedAnswer(tx);
      if (!stored) return null;
      if (stored.twiml) return { twiml: stored.twiml, replay: true };
    }
    const decided = "turn" in plan ? await decideTurn(tx, number, flow, urls, plan.turn) : plan;
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
  req: TTwilioWebhookRequest,
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
