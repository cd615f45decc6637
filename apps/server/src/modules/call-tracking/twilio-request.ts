import { isValidTwilioSignature } from "../../integrations/twilio";
import type { TTwilioWebhookRequest } from "../../plugins/twilio-webhook";

/** A company's Twilio account as the call center stores it (read by the calls module, passed in). */
export type TTwilioAccount = { accountSid: string | null; authToken: string; webhookBaseUrl: string };
export type TTwilioAccountLookup = (companyId: string) => Promise<TTwilioAccount | null>;

/** Signed with the company's auth token (the official check, with its URL and port variants). */
export function signedFor(account: TTwilioAccount, req: TTwilioWebhookRequest): boolean {
  if (account.accountSid && req.params.AccountSid && req.params.AccountSid !== account.accountSid)
    return false;
  return isValidTwilioSignature(
    account.authToken,
    `${account.webhookBaseUrl}${req.pathAndQuery}`,
    req.params,
    req.signature,
  );
}

/** The callback's company (named in the URL we gave Twilio), when the request is signed with its token. */
export async function verifiedCompany(
  query: Record<string, string | undefined>,
  req: TTwilioWebhookRequest,
  twilioAccount: TTwilioAccountLookup,
) {
  const companyId = query.company ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(companyId)) return null;
  const account = await twilioAccount(companyId);
  return account && signedFor(account, req) ? companyId : null;
}
