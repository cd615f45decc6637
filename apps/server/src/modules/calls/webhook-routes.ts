import type { Context } from "hono";
import type { TApp, TAppEnv, TDeps } from "../../app-types";
import { handleRecordingCallback, handleStatusCallback, handleTranscriptionCallback } from "./callbacks";
import { hangUpTwiml } from "./twiml-flow";
import { answerAfterDial, answerInboundCall, type TVoiceAnswer } from "./voice";
import { type TTwilioRequest, verifyCompanyCallback } from "./webhook-auth";

/** Twilio posts form-encoded parameters; the signature covers the URL as Twilio requested it. */
async function twilioRequest(c: Context<TAppEnv>): Promise<TTwilioRequest> {
  const form = await c.req.parseBody().catch(() => ({}));
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) if (typeof v === "string") params[k] = v;
  const url = new URL(c.req.url);
  return { pathAndQuery: url.pathname + url.search, params, signature: c.req.header("x-twilio-signature") };
}

function twimlAnswer(c: Context<TAppEnv>, answer: TVoiceAnswer) {
  if (answer.status !== 200) return c.text("Forbidden", answer.status);
  c.header("Content-Type", "text/xml; charset=utf-8");
  return c.body(answer.twiml, 200);
}

/** Twilio's webhooks: every one checked against X-Twilio-Signature with the company's auth token. */
export function registerTwilioWebhooks(app: TApp, deps: TDeps) {
  app.post("/api/twilio/voice", async (c) =>
    twimlAnswer(c, await answerInboundCall(deps, await twilioRequest(c))),
  );
  app.post("/api/twilio/voice/after-dial", async (c) =>
    twimlAnswer(c, await answerAfterDial(deps, c.req.query(), await twilioRequest(c))),
  );
  app.post("/api/twilio/voice/voicemail-done", async (c) => {
    const verified = await verifyCompanyCallback(deps, c.req.query("company"), await twilioRequest(c));
    return twimlAnswer(c, verified ? { status: 200, twiml: hangUpTwiml() } : { status: 403 });
  });
  app.post("/api/twilio/status", async (c) => {
    const status = await handleStatusCallback(deps, c.req.query(), await twilioRequest(c));
    return status === 403 ? c.text("Forbidden", 403) : c.body(null, 204);
  });
  app.post("/api/twilio/recording", async (c) => {
    const status = await handleRecordingCallback(deps, c.req.query(), await twilioRequest(c));
    return status === 403 ? c.text("Forbidden", 403) : c.body(null, 204);
  });
  app.post("/api/twilio/transcription", async (c) => {
    const status = await handleTranscriptionCallback(deps, c.req.query(), await twilioRequest(c));
    return status === 403 ? c.text("Forbidden", 403) : c.body(null, 204);
  });
}
