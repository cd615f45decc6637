import type { Context } from "hono";
import type { TAppEnv } from "../app-types";

/**
 * Twilio posts form-encoded parameters. Read from the body's text (which the Twilio routes' body limit
 * reads straight from Node, app.ts): no web `Request` or `FormData` is made for a few hundred bytes. A
 * repeated name keeps its last value, as Hono's `parseBody` did. The answer is what
 * integrations/twilio's `TTwilioWebhookRequest` describes (the http layer does not import it).
 */
export async function twilioWebhookRequest(c: Context<TAppEnv>) {
  const params: Record<string, string> = {};
  if ((c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) {
    const text = await c.req.text().catch(() => "");
    for (const [k, v] of new URLSearchParams(text)) params[k] = v;
  }
  const url = new URL(c.req.url);
  return { pathAndQuery: url.pathname + url.search, params, signature: c.req.header("x-twilio-signature") };
}
