// The webhooks part of the official package alone: its index loads the whole REST client (about 1 s of
// every process start), which signing and checking never use.
import { getExpectedTwilioSignature, validateRequest } from "twilio/lib/webhooks/webhooks.js";

/**
 * Twilio's request signature, as the official library computes it (base64 HMAC-SHA1 of the URL and the
 * sorted POST parameters, keyed with the account's auth token). The Test Call Center signs with it.
 */
export const twilioSignature = (authToken: string, url: string, params: Record<string, string>): string =>
  getExpectedTwilioSignature(authToken, url, params);

/**
 * An `X-Twilio-Signature` header checked by the official `validateRequest`: the URL as configured and
 * with or without its port (`https://host:443/…` and `https://host/…` are the same address to Twilio).
 */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  try {
    return validateRequest(authToken, signature, url, params);
  } catch {
    // A URL the library cannot parse is not the one Twilio signed.
    return false;
  }
}

/** A Twilio webhook as its signature check needs it (plugins/twilio-webhook.ts reads it from the request). */
export type TTwilioWebhookRequest = {
  /** Path and query as requested, e.g. `/api/twilio/status?company=…`: the signature covers the URL. */
  pathAndQuery: string;
  /** The posted parameters (form-encoded); empty for any other body. */
  params: Record<string, string>;
  signature: string | undefined;
};

/** A Twilio account as a webhook's check needs it: its SID, auth token, and where Twilio reaches us. */
export type TTwilioSigner = { accountSid: string | null; authToken: string; webhookBaseUrl: string };

/**
 * Twilio's request for this account: its AccountSid (when both name one) and its signature, made with
 * the account's auth token over our webhook URL.
 */
export function isSignedTwilioWebhook(account: TTwilioSigner, req: TTwilioWebhookRequest): boolean {
  if (account.accountSid && req.params.AccountSid && req.params.AccountSid !== account.accountSid)
    return false;
  return isValidTwilioSignature(
    account.authToken,
    `${account.webhookBaseUrl}${req.pathAndQuery}`,
    req.params,
    req.signature,
  );
}
