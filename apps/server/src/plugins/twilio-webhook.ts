import type { Context } from "hono";
import type { TAppEnv } from "../app-types";

/** A Twilio webhook as its signature check needs it. */
export type TTwilioWebhookRequest = {
  /** Path and query as requested, e.g. `/api/twilio/status?company=…`: the signature covers the URL. */
  pathAndQuery: string;
  /** The posted parameters (form-encoded); empty for any other body. */
  params: Record<string, string>;
  signature: string | undefined;
};

/**
 * Twilio posts form-encoded parameters. Read from the body's text (which the Twilio routes' body limit
 * reads straight from Node, app.ts): no web `Request` or `FormData` is made for a few hundred bytes. A
 * repeated name keeps its last value, as Hono's `parseBody` did.
 */
export async function twilioWebhookRequest(c: Context<TAppEnv>): Promise<TTwilioWebhookRequest> {
  const params: Record<string, string> = {};
  if ((c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) {
    const text = await c.req.text().catch(() => "");
    for (const [k, v] of new URLSearchParams(text)) params[k] = v;
  }
  const url = new URL(c.req.url);
  return { pathAndQuery: url.pathname + url.search, params, signature: c.req.header("x-twilio-signature") };
}
