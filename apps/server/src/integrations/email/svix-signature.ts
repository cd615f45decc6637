import { createHmac, timingSafeEqual } from "node:crypto";

// Resend signs its webhooks the Svix way: HMAC-SHA256 over "{svix-id}.{svix-timestamp}.{raw body}" with
// the endpoint's signing secret ("whsec_" + base64 key), sent base64-encoded in svix-signature as a
// space-separated list of "v1,<signature>" (several while a secret is being rotated).

export type TSvixHeaders = { id?: string; timestamp?: string; signature?: string };

/** Five minutes either way, as Svix's own libraries allow: an old capture cannot be replayed. */
export const SVIX_TOLERANCE_SECONDS = 5 * 60;

const key = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ""), "base64");

/** The signature of a payload (what the provider sends after "v1,"). */
export function svixSignature(secret: string, id: string, timestamp: string, body: string): string {
  return createHmac("sha256", key(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
}

/** True when one of the header's v1 signatures matches and the timestamp is recent. */
export function isValidSvixSignature(
  secret: string,
  headers: TSvixHeaders,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > SVIX_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(svixSignature(secret, id, timestamp, body));
  return signature.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
