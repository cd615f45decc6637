import {
  isSignedTwilioWebhook,
  type TTwilioSigner,
  type TTwilioWebhookRequest,
} from "../../integrations/twilio";

/** A company's Twilio account as the call center stores it (read by the calls module, passed in). */
export type TTwilioAccount = TTwilioSigner;
export type TTwilioAccountLookup = (companyId: string) => Promise<TTwilioAccount | null>;

/** The callback's company (named in the URL we gave Twilio), when the request is signed with its token. */
export async function verifiedCompany(
  query: Record<string, string | undefined>,
  req: TTwilioWebhookRequest,
  twilioAccount: TTwilioAccountLookup,
) {
  const companyId = query.company ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(companyId)) return null;
  const account = await twilioAccount(companyId);
  return account && isSignedTwilioWebhook(account, req) ? companyId : null;
}
