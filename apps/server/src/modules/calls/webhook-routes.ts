import type { Context } from "hono";
import type { TApp, TAppEnv, TDeps } from "../../app-types";
import { twilioWebhookRequest } from "../../plugins/twilio-webhook";
import { handleRecordingCallback, handleStatusCallback, handleTranscriptionCallback } from "./callbacks";
import { hangUpTwiml } from "./twiml-flow";
import { answerAfterDial, answerInboundCall, type TVoiceAnswer } from "./voice";
import { verifyCompanyCallback } from "./webhook-auth";

function twimlAnswer(c: Context<TAppEnv>, answer: TVoiceAnswer) {
  if (answer.status !== 200) return c.text("Forbidden", answer.status);
  c.header("Content-Type", "text/xml; charset=utf-8");
  return c.body(answer.twiml, 200);
}

/** Twilio's webhooks: every one checked against X-Twilio-Signature with the company's auth token. */
export function registerTwilioWebhooks(app: TApp, deps: TDeps) {
  app.post("/api/twilio/voice", async (c) =>
    twimlAnswer(c, await answerInboundCall(deps, await twilioWebhookRequest(c))),
  );
  app.post("/api/twilio/voice/after-dial", async (c) =>
    twimlAnswer(c, await answerAfterDial(deps, c.req.query(), await twilioWebhookRequest(c))),
  );
  app.post("/api/twilio/voice/voicemail-done", async (c) => {
    const verified = await verifyCompanyCallback(deps, c.req.query("company"), await twilioWebhookRequest(c));
    return twimlAnswer(c, verified ? { status: 200, twiml: hangUpTwiml() } : { status: 403 });
  });
  app.post("/api/twilio/status", async (c) => {
    const status = await handleStatusCallback(deps, c.req.query(), await twilioWebhookRequest(c));
    return status === 403 ? c.text("Forbidden", 403) : c.body(null, 204);
  });
  app.post("/api/twilio/recording", async (c) => {
    const status = await handleRecordingCallback(deps, c.req.query(), await twilioWebhookRequest(c));
    return status === 403 ? c.text("Forbidden", 403) : c.body(null, 204);
  });
  app.post("/api/twilio/transcription", async (c) => {
    const status = await handleTranscriptionCallback(deps, c.req.query(), await twilioWebhookRequest(c));
    return status === 403 ? c.text("Forbidden", 403) : c.body(null, 204);
  });
}
