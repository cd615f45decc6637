import { DEFAULT_RECORDING_MESSAGE } from "@leadpost/shared";
import { toE164 } from "@leadpost/shared/domain/phone";
import { and, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { col, preparedStatement, rowOf } from "../../db/raw";
import {
  blockedCalls,
  dniNumbers,
  phoneNumbers,
  trackingNumbers,
  twilioNumberRouting,
} from "../../db/schema";
import { isSignedTwilioWebhook, type TTwilioWebhookRequest, twiml } from "../../integrations/twilio";
import { attributeInboundCall } from "./attribution";
import type { TTwilioAccount, TTwilioAccountLookup } from "./twilio-request";

type TDepsDb = Pick<TDeps, "database">;

export const DIAL_DONE_PATH = "/api/twilio/call-tracking/dial-done";
export const RECORDING_PATH = "/api/twilio/call-tracking/recording";
/** Seconds the destination rings before the caller hears the call end. */
export const DESTINATION_RING_SECONDS = 30;

type TTarget = {
  companyId: string;
  destination: string;
  recording: { enabled: boolean; message: string | null };
};

/**
 * Who answers a call to `to`: an active tracking number with a destination (its phone number's
 * recording settings apply), else a DNI number without call-center routing of its own (it rings the
 * site's static number). Tracking numbers first, each kind newest first; a number in several companies
 * is told apart by the signature. One prepared statement: every inbound call asks it first.
 */
const targetsStatement = preparedStatement(
  rowOf({
    companyId: col.text,
    destination: col.orNull(col.text),
    enabled: col.boolean,
    message: col.orNull(col.text),
  }),
  () => {
    const to = sql.placeholder("to");
    // A call-center entry with routing of its own (routing numbers, voicemail for everyone, or switched
    // off) keeps the call center's answer; one that was only connected leaves the call to call tracking.
    const callCenterRoutes = sql`exists (select 1 from ${phoneNumbers} p where p.company_id = d.company_id and p.phone_number = ${to} and p.type in ('twilio', 'tracking') and (jsonb_array_length(p.route_to) > 0 or p.route_to_voicemail or not p.is_active or exists (select 1 from ${twilioNumberRouting} r where r.company_id = p.company_id and r.twilio_number_id = p.id)))`;
    return sql`
      select t.company_id as "companyId", t.destination_number as destination,
             p.recording_enabled as enabled, p.recording_message as message, 0 as kind, t.created_at as at
        from ${trackingNumbers} t
        join ${phoneNumbers} p on p.id = t.phone_number_id and p.company_id = t.company_id
       where p.phone_number = ${to} and t.status = 'active' and t.destination_number is not null
      union all
      select d.company_id, d.static_number, false, null, 1, d.created_at
        from ${dniNumbers} d
       where d.phone_number = ${to} and not ${callCenterRoutes}
       order by kind, at desc`;
  },
);

async function targetsFor(db: TDepsDb["database"]["db"], to: string): Promise<TTarget[]> {
  const rows = await targetsStatement(db, { to });
  return rows
    .map((t) => ({
      companyId: t.companyId,
      destination: t.destination ?? "",
      recording: { enabled: t.enabled, message: t.message },
    }))
    .filter((t) => toE164(t.destination));
}

/**
 * Call tracking's own numbers, answered before the call center's routing: a tracking number dials its
 * destination, a DNI number without call-center routing dials the site's static number; either with the
 * caller's number shown to the one answering, recording as configured, and the call attributed to its
 * visit. Null when the called number is none of these, or the request is not signed by its company
 * (the call center then answers, or refuses).
 */
export async function answerTrackedCall(
  deps: TDepsDb,
  req: TTwilioWebhookRequest,
  twilioAccount: TTwilioAccountLookup,
): Promise<{ status: 200; twiml: string } | null> {
  const to = toE164(req.params.To ?? "");
  const callSid = req.params.CallSid ?? "";
  if (!to || !callSid) return null;
  const db = deps.database.db;
  const accounts = new Map<string, TTwilioAccount | null>();
  for (const target of await targetsFor(db, to)) {
    if (!accounts.has(target.companyId))
      accounts.set(target.companyId, await twilioAccount(target.companyId));
    const account = accounts.get(target.companyId);
    if (!account || !isSignedTwilioWebhook(account, req)) continue;
    return { status: 200, twiml: await answer(deps, target, account, req, to) };
  }
  return null;
}

async function answer(
  deps: TDepsDb,
  target: TTarget,
  account: TTwilioAccount,
  req: TTwilioWebhookRequest,
  to: string,
): Promise<string> {
  const db = deps.database.db;
  const from = toE164(req.params.From ?? "");
  const response = new twiml.VoiceResponse();
  if (from) {
    const [blocked] = await db
      .select({ id: blockedCalls.id })
      .from(blockedCalls)
      .where(and(eq(blockedCalls.companyId, target.companyId), eq(blockedCalls.phoneNumber, from)))
      .limit(1);
    if (blocked) {
      response.reject();
      return response.toString();
    }
  }
  await attributeInboundCall(db, {
    companyId: target.companyId,
    callSid: req.params.CallSid ?? "",
    from: req.params.From ?? null,
    to,
    status: req.params.CallStatus || "ringing",
  });
  const callback = (path: string) =>
    `${account.webhookBaseUrl}${path}?${new URLSearchParams({ company: target.companyId })}`;
  if (target.recording.enabled) response.say(target.recording.message || DEFAULT_RECORDING_MESSAGE);
  const dial = response.dial({
    action: callback(DIAL_DONE_PATH),
    method: "POST",
    timeout: DESTINATION_RING_SECONDS,
    // The one answering sees who is calling (a withheld number leaves Twilio's default).
    ...(from ? { callerId: from } : {}),
    ...(target.recording.enabled
      ? {
          record: "record-from-answer-dual" as const,
          recordingStatusCallback: callback(RECORDING_PATH),
          recordingStatusCallbackMethod: "POST" as const,
        }
      : {}),
  });
  dial.number(toE164(target.destination) ?? target.destination);
  return response.toString();
}
