import { toE164 } from "@leadpost/shared";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { preparedQuery } from "../../db/prepared-query";
import {
  blockedCalls,
  callLogs,
  callSettings,
  companies,
  companySecrets,
  phoneNumbers,
} from "../../db/schema";
import { isSignedTwilioWebhook, type TTwilioWebhookRequest } from "../../integrations/twilio";
import { settingsOrDefaults } from "./call-settings";
import { companyTwilio, twilioColumns, twilioSecretJoin, twilioSettings } from "./credentials";

type TDepsTwilio = Pick<TDeps, "database" | "secretBox" | "config">;

/**
 * A callback: its company is named in the URL we gave Twilio, or else found from the call it is about;
 * accepted only when signed with that company's token.
 */
export async function verifyCompanyCallback(
  deps: TDepsTwilio,
  named: string | undefined,
  req: TTwilioWebhookRequest,
) {
  let companyId = named;
  if (!companyId && req.params.CallSid) {
    const [call] = await deps.database.db
      .select({ companyId: callLogs.companyId })
      .from(callLogs)
      .where(eq(callLogs.callSid, req.params.CallSid));
    companyId = call?.companyId;
  }
  if (!companyId || !/^[0-9a-f-]{36}$/i.test(companyId)) return null;
  const twilio = await companyTwilio(deps, companyId);
  return twilio && isSignedTwilioWebhook(twilio, req) ? { companyId, twilio } : null;
}

/**
 * The numbers with this spelling, each with its company's Twilio settings and block list verdict, in
 * one statement (this webhook answers a ringing caller); the oldest first when companies share one.
 * Prepared once: every inbound call runs it. A withheld caller (null) is on no block list.
 */
const inboundNumberQuery = preparedQuery((db: Db) =>
  db
    .select({
      number: phoneNumbers,
      twilio: twilioColumns,
      settings: {
        routingStrategy: callSettings.routingStrategy,
        recordCalls: callSettings.recordCalls,
        voicemailEnabled: callSettings.voicemailEnabled,
        transcribeVoicemail: callSettings.transcribeVoicemail,
      },
      callerBlocked: sql<boolean>`exists (select 1 from ${blockedCalls} where ${blockedCalls.companyId} = ${phoneNumbers.companyId} and ${blockedCalls.phoneNumber} = ${sql.placeholder("caller")})`,
    })
    .from(phoneNumbers)
    .innerJoin(companies, eq(companies.id, phoneNumbers.companyId))
    .leftJoin(companySecrets, twilioSecretJoin(companies.id))
    .leftJoin(callSettings, eq(callSettings.companyId, phoneNumbers.companyId))
    .where(
      and(
        inArray(phoneNumbers.type, ["twilio", "tracking"]),
        eq(phoneNumbers.phoneNumber, sql.placeholder("to")),
      ),
    )
    .orderBy(asc(phoneNumbers.createdAt), asc(phoneNumbers.id))
    .prepare("voice_inbound_number"),
);

/**
 * An inbound call: the company's phone number that was called, found by its E.164 form (the one
 * spelling every stored number has) and proven by the signature (so one company's token can never act
 * on another company's number), whether the caller is on that company's block list, and the company's
 * call settings.
 */
export async function verifyInboundCall(deps: TDepsTwilio, req: TTwilioWebhookRequest) {
  const to = toE164(req.params.To ?? "");
  if (!to) return null;
  const caller = toE164(req.params.From ?? "");
  const candidates = await inboundNumberQuery(deps.database.db).execute({ to, caller });
  for (const candidate of candidates) {
    const twilio = twilioSettings(deps, candidate.twilio);
    if (twilio && isSignedTwilioWebhook(twilio, req))
      return {
        number: candidate.number,
        twilio,
        callerBlocked: Boolean(candidate.callerBlocked),
        settings: settingsOrDefaults(candidate.settings),
      };
  }
  return null;
}
