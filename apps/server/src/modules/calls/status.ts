import type { TCallCenterStatus } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { companies } from "../../db/schema";
import type { TCompanyContext } from "../../plugins/tenant";
import { companyTwilio } from "./credentials";
import { twilioWebhookUrls } from "./webhook-urls";

/**
 * Twilio Connected only when the saved SID and token passed their last check against Twilio's API
 * (Settings → Twilio runs it on save and on Verify), and the webhook addresses Twilio calls.
 */
export async function callCenterStatus(
  deps: Pick<TDeps, "database" | "secretBox" | "config">,
  ctx: TCompanyContext,
): Promise<TCallCenterStatus> {
  const twilio = await companyTwilio(deps, ctx.companyId);
  const [company] = await deps.database.db
    .select({ verification: companies.twilioVerification, checkedAt: companies.twilioCheckedAt })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  const base = twilio?.webhookBaseUrl ?? deps.config.publicUrl;
  return {
    twilioConfigured: Boolean(twilio?.accountSid) && company?.verification === "verified",
    twilioCheckedAt: company?.checkedAt?.toISOString() ?? null,
    ...twilioWebhookUrls(base, ctx.companyId),
  };
}
