import { eq } from "drizzle-orm";
import twilio from "twilio";
import { companies, companySecrets } from "../../src/db/schema";
import { TEST_ORIGIN, type TTestContext } from "./test-app";

export const TWILIO_TOKEN = "twilio-test-auth-token-0123456789";

/**
 * Gives a company Twilio settings as the settings screen stores them (SID, sealed token) once Twilio
 * accepted them (twilio-connection.test.ts drives that check itself).
 */
export async function connectTwilio(ctx: TTestContext, companyId: string, accountSid = "AC_test_account") {
  await ctx.database.db
    .update(companies)
    .set({ twilioAccountSid: accountSid, twilioVerification: "verified", twilioCheckedAt: new Date() })
    .where(eq(companies.id, companyId));
  await ctx.database.db.insert(companySecrets).values({
    companyId,
    name: "twilio_auth_token",
    ciphertext: ctx.deps.secretBox.seal(TWILIO_TOKEN),
    last4: TWILIO_TOKEN.slice(-4),
  });
  return accountSid;
}

/**
 * Posts a webhook as Twilio does: form-encoded, signed by the official `twilio` package over the full
 * URL and the sorted parameters (`url` signs another spelling of the address, e.g. with `:443`).
 */
export function postSignedWebhook(
  ctx: TTestContext,
  pathAndQuery: string,
  params: Record<string, string>,
  opts: { token?: string; signature?: string | null; url?: string } = {},
) {
  const signature =
    opts.signature === undefined
      ? twilio.getExpectedTwilioSignature(
          opts.token ?? TWILIO_TOKEN,
          opts.url ?? `${TEST_ORIGIN}${pathAndQuery}`,
          params,
        )
      : opts.signature;
  return ctx.request(pathAndQuery, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(signature ? { "x-twilio-signature": signature } : {}),
    },
    body: new URLSearchParams(params).toString(),
  });
}
