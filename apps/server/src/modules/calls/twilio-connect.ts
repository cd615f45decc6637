import { CALL_MESSAGES } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { phoneNumbers } from "../../db/schema";
import { twilioRest, twilioRestStatus } from "../../integrations/twilio";
import { AppError, notFound } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";
import { companyTwilio } from "./credentials";
import { assertCallCenterAdmin } from "./guard";
import { twilioWebhookUrls } from "./webhook-urls";

// Connecting a number: the Add Phone Number flow lists the account's incoming numbers and, when one is
// added, sets its voice URL, status callback and their methods through Twilio's REST API (the official
// twilio package), so nobody pastes a webhook address into the Twilio console.

type TConnectDeps = Pick<TDeps, "database" | "secretBox" | "config">;

const notConnected = () => new AppError("VALIDATION_FAILED", CALL_MESSAGES.NOT_CONFIGURED);

async function restFor(deps: TConnectDeps, companyId: string) {
  const twilio = await companyTwilio(deps, companyId);
  if (!twilio?.accountSid) throw notConnected();
  const rest = await twilioRest(deps.config.twilio.apiBaseUrl, {
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
  });
  return { rest, urls: twilioWebhookUrls(twilio.webhookBaseUrl, companyId) };
}

/** A Twilio call: refused credentials read as "Twilio Not Configured", no answer as an outage (503). */
async function askTwilio<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if ([401, 403].includes(twilioRestStatus(error))) throw notConnected();
    throw new AppError("UNAVAILABLE", "Twilio could not be reached. Please try again.");
  }
}

/** The account's numbers, each with whether it already calls this app. */
export async function listIncomingNumbers(deps: TConnectDeps, ctx: TCompanyContext) {
  assertCallCenterAdmin(ctx);
  const { rest, urls } = await restFor(deps, ctx.companyId);
  const numbers = await askTwilio(() => rest.incomingPhoneNumbers.list({ limit: 200 }));
  return {
    numbers: numbers.map((n) => ({
      sid: n.sid,
      phoneNumber: n.phoneNumber,
      friendlyName: n.friendlyName,
      connected: n.voiceUrl === urls.voiceUrl && n.statusCallback === urls.statusCallbackUrl,
    })),
  };
}

/**
 * Points one of the company's numbers at this app in Twilio: finds it in the account by its E.164 form,
 * sets "A call comes in" and "Call status changes" (both POST), and remembers its Twilio SID.
 */
export async function connectPhoneNumber(deps: TConnectDeps, ctx: TCompanyContext, id: string) {
  assertCallCenterAdmin(ctx);
  const db = deps.database.db;
  const own = and(eq(phoneNumbers.id, id), eq(phoneNumbers.companyId, ctx.companyId));
  const [number] = await db.select().from(phoneNumbers).where(own);
  if (!number) throw notFound(CALL_MESSAGES.NOT_FOUND);
  const { rest, urls } = await restFor(deps, ctx.companyId);
  const [incoming] = await askTwilio(() =>
    rest.incomingPhoneNumbers.list({ phoneNumber: number.phoneNumber, limit: 1 }),
  );
  if (!incoming) {
    throw new AppError("VALIDATION_FAILED", CALL_MESSAGES.NOT_IN_ACCOUNT, {
      phoneNumber: [CALL_MESSAGES.NOT_IN_ACCOUNT],
    });
  }
  await askTwilio(() =>
    rest.incomingPhoneNumbers(incoming.sid).update({
      voiceUrl: urls.voiceUrl,
      voiceMethod: "POST",
      statusCallback: urls.statusCallbackUrl,
      statusCallbackMethod: "POST",
    }),
  );
  await db.update(phoneNumbers).set({ twilioSid: incoming.sid }).where(own);
  return { success: true as const, message: CALL_MESSAGES.CONNECTED };
}
