import type { TCallCenterStatus } from "@leadpost/shared";
import type { TDeps } from "../../app-types";
import type { TCompanyContext } from "../../plugins/tenant";
import { companyTwilio } from "./credentials";

/** Whether the company's Twilio credentials are saved, and the webhook addresses to give Twilio. */
export async function callCenterStatus(
  deps: Pick<TDeps, "database" | "secretBox" | "config">,
  ctx: TCompanyContext,
): Promise<TCallCenterStatus> {
  const twilio = await companyTwilio(deps, ctx.companyId);
  const base = twilio?.webhookBaseUrl ?? deps.config.publicUrl.replace(/\/$/, "");
  return {
    twilioConfigured: Boolean(twilio?.accountSid),
    voiceUrl: `${base}/api/twilio/voice`,
    statusCallbackUrl: `${base}/api/twilio/status`,
  };
}
