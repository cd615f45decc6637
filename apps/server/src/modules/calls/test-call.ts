import { randomBytes } from "node:crypto";
import { CALL_MESSAGES } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { phoneNumbers } from "../../db/schema";
import { twilioSignature, twiml } from "../../integrations/twilio";
import { AppError, notFound } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";
import { companyTwilio } from "./credentials";
import { assertCallCenterAdmin } from "./guard";
import { answerInboundCall } from "./voice";

const failed = (reason: string) => new AppError("TEST_FAILED", `Test failed: ${reason}`);

/**
 * "Test Call Center": a simulated inbound call to one of the company's numbers, signed with its own
 * token and answered by the same webhook code Twilio reaches, so what it shows is what a caller gets.
 * Owners and org admins only: it rings the company's agents and writes a call to its log.
 * It is logged as a test (never in live data, history or analytics; the round-robin does not turn), and
 * it fails when the answer is not TwiML Twilio could read.
 */
export async function runTestCall(
  deps: Pick<TDeps, "database" | "secretBox" | "config" | "logger">,
  ctx: TCompanyContext,
  input: { phoneNumberId: string; from?: string | null },
) {
  assertCallCenterAdmin(ctx);
  const [number] = await deps.database.db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.id, input.phoneNumberId), eq(phoneNumbers.companyId, ctx.companyId)));
  if (!number) throw notFound(CALL_MESSAGES.NOT_FOUND);
  const twilio = await companyTwilio(deps, ctx.companyId);
  if (!twilio) throw new AppError("TWILIO_NOT_CONFIGURED", CALL_MESSAGES.NOT_CONFIGURED);
  const callSid = `CAtest${randomBytes(13).toString("hex")}`;
  const params = {
    CallSid: callSid,
    AccountSid: twilio.accountSid ?? "",
    From: input.from || "+15555550100",
    To: number.phoneNumber,
    CallStatus: "ringing",
    Direction: "inbound",
  };
  const pathAndQuery = "/api/twilio/voice";
  const signature = twilioSignature(twilio.authToken, `${twilio.webhookBaseUrl}${pathAndQuery}`, params);
  const answer = await answerInboundCall(deps, { pathAndQuery, params, signature }, { test: true }).catch(
    (err: unknown) => {
      deps.logger.error({ err, callSid }, "test call: no answer could be built");
      throw failed("the call center could not build an answer");
    },
  );
  if (answer.status !== 200) throw failed(`the webhook answered ${answer.status}`);
  if (!twiml.isWellFormedXml(answer.twiml)) throw failed("the answer is not well-formed TwiML");
  const outcome = answer.twiml.includes("<Reject")
    ? "rejected"
    : answer.twiml.includes("<Dial")
      ? "dialing"
      : answer.twiml.includes("<Record")
        ? "voicemail"
        : "answered";
  return { callSid, outcome, twiml: answer.twiml };
}
