import { and, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { callLogs, phoneNumbers } from "../../db/schema";
import { twiml } from "../../integrations/twilio";
import { answerTrackedCall, attributeInboundCall } from "../call-tracking";
import { notify } from "../realtime";
import { statusRank } from "./call-status";
import { companyTwilio } from "./credentials";
import { dialTargets, rotate } from "./dial-targets";
import { dialTwiml, type TNumberSettings, voicemailTwiml } from "./twiml-flow";
import { type TTwilioRequest, verifyCompanyCallback, verifyInboundCall } from "./webhook-auth";

type TVoiceDeps = Pick<TDeps, "database" | "secretBox" | "config" | "logger">;
export type TVoiceAnswer = { status: 200; twiml: string } | { status: 403 | 404 };

const callbackUrls = (base: string, companyId: string, numberId: string) => ({
  base,
  callback: (path: string, extra: Record<string, string> = {}) =>
    `${base}${path}?${new URLSearchParams({ company: companyId, number: numberId, ...extra })}`,
});

/**
 * Twilio's inbound voice webhook: logs the call (once per call SID), attributes it to call tracking, and
 * answers what to do: reject a blocked caller, ring the routing numbers or agents by the number's
 * strategy (recording when enabled), or take a voicemail.
 */
export async function answerInboundCall(deps: TVoiceDeps, req: TTwilioRequest): Promise<TVoiceAnswer> {
  // Call tracking answers its own numbers first: a tracking number dials its destination, a DNI number
  // without call-center routing the site's number (modules/call-tracking/inbound.ts).
  const tracked = await answerTrackedCall(deps, req, (companyId) => companyTwilio(deps, companyId));
  if (tracked) return tracked;
  const found = await verifyInboundCall(deps, req);
  if (!found) return { status: 403 };
  const { number, twilio, callerBlocked: blocked } = found;
  const db = deps.database.db;
  const callSid = req.params.CallSid ?? "";
  const from = req.params.From ?? "";
  const status = req.params.CallStatus || "ringing";
  if (!callSid) return { status: 403 };
  const to = req.params.To ?? number.phoneNumber;
  // Who the number rings is read while the call is logged (a blocked caller rings nobody).
  const rings = number.isActive && !number.routeToVoicemail && !blocked;
  const logged = blocked ? "blocked" : status;
  const [inserted, targets] = await Promise.all([
    db
      .insert(callLogs)
      .values({
        companyId: number.companyId,
        callSid,
        fromNumber: from,
        toNumber: to,
        phoneNumberId: number.id,
        status: logged,
        statusRank: statusRank(logged),
        startedAt: new Date(),
        endedAt: blocked ? new Date() : null,
      })
      .onConflictDoNothing({ target: callLogs.callSid })
      .returning({ id: callLogs.id }),
    rings ? dialTargets(db, number.companyId, number) : Promise.resolve([]),
    attributeInboundCall(db, { companyId: number.companyId, callSid, from, to, status }),
  ]);

  if (blocked) {
    // A repeated webhook for a call logged before its caller was blocked: it is blocked now.
    if (inserted.length === 0) {
      await db
        .update(callLogs)
        .set({ status: "blocked", statusRank: statusRank("blocked"), endedAt: new Date() })
        .where(and(eq(callLogs.callSid, callSid), eq(callLogs.companyId, number.companyId)));
    }
    await notify(db, "call_updated", { companyId: number.companyId });
    return { status: 200, twiml: twiml.twimlResponse(twiml.reject()) };
  }
  const urls = callbackUrls(twilio.webhookBaseUrl, number.companyId, number.id);
  if (!number.isActive) {
    await notify(db, "call_updated", { companyId: number.companyId });
    return {
      status: 200,
      twiml: twiml.twimlResponse(twiml.say("The number you have called is not in service."), twiml.hangup()),
    };
  }
  if (number.routeToVoicemail || targets.length === 0) {
    await notify(db, "call_updated", { companyId: number.companyId });
    return { status: 200, twiml: voicemailTwiml(number, urls) };
  }

  let offset = 0;
  // Each round-robin call starts one further along the list; the cursor is kept on the number (persisted).
  const [, turned] = await Promise.all([
    notify(db, "call_updated", { companyId: number.companyId }),
    number.routingStrategy === "round_robin"
      ? db
          .update(phoneNumbers)
          .set({ roundRobinCursor: sql`${phoneNumbers.roundRobinCursor} + 1` })
          .where(eq(phoneNumbers.id, number.id))
          .returning({ cursor: phoneNumbers.roundRobinCursor })
      : Promise.resolve([]),
  ]);
  if (number.routingStrategy === "round_robin") offset = (turned[0]?.cursor ?? 1) - 1;
  const numbers = rotate(targets, offset).map((t) => t.phoneNumber);
  return {
    status: 200,
    twiml: dialTwiml(number, urls, {
      targets: numbers,
      simultaneous: number.routingStrategy === "simultaneous",
      index: 0,
      offset,
      announce: true,
    }),
  };
}

/** After a <Dial>: done when answered; else the next number in line, or voicemail. */
export async function answerAfterDial(
  deps: TVoiceDeps,
  query: Record<string, string | undefined>,
  req: TTwilioRequest,
): Promise<TVoiceAnswer> {
  const verified = await verifyCompanyCallback(deps, query.company, req);
  if (!verified) return { status: 403 };
  const db = deps.database.db;
  const [number] = await db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.id, query.number ?? ""), eq(phoneNumbers.companyId, verified.companyId)));
  if (!number) return { status: 404 };
  const urls = callbackUrls(verified.twilio.webhookBaseUrl, verified.companyId, number.id);
  const dialStatus = req.params.DialCallStatus ?? "";
  const offset = Number(query.offset ?? 0) || 0;
  const next = Number(query.next ?? 0) || 0;
  const targets = rotate(await dialTargets(db, verified.companyId, number), offset);
  if (dialStatus === "completed" || dialStatus === "answered") {
    const answered = targets[next - 1];
    if (answered?.agentId && req.params.CallSid) {
      await db
        .update(callLogs)
        .set({ agentId: answered.agentId })
        .where(and(eq(callLogs.callSid, req.params.CallSid), eq(callLogs.companyId, verified.companyId)));
    }
    return { status: 200, twiml: twiml.twimlResponse(twiml.hangup()) };
  }
  if (number.routingStrategy !== "simultaneous" && next < targets.length) {
    return {
      status: 200,
      twiml: dialTwiml(number, urls, {
        targets: targets.map((t) => t.phoneNumber),
        simultaneous: false,
        index: next,
        offset,
        announce: false,
      }),
    };
  }
  return { status: 200, twiml: voicemailTwiml(number as TNumberSettings, urls) };
}
