import { and, eq } from "drizzle-orm";
import type { TApp, TDeps } from "../../app-types";
import { callTrackingLogs } from "../../db/schema";
import type { TTwilioWebhookRequest } from "../../integrations/twilio";
import { twiml } from "../../integrations/twilio";
import { twilioWebhookRequest } from "../../plugins/twilio-webhook";
import { notify } from "../realtime";
import { DIAL_DONE_PATH, RECORDING_PATH } from "./inbound";
import { type TTwilioAccountLookup, verifiedCompany } from "./twilio-request";

type TDepsDb = Pick<TDeps, "database">;

const seconds = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
};

/**
 * The dialled leg ended: its outcome (answered as completed, busy, no-answer, failed, canceled) and talk
 * time are the call's, so the analytics count a call nobody answered as missed.
 */
export async function handleDialDone(
  deps: TDepsDb,
  query: Record<string, string | undefined>,
  req: TTwilioWebhookRequest,
  twilioAccount: TTwilioAccountLookup,
): Promise<{ status: 200; twiml: string } | { status: 403 }> {
  const companyId = await verifiedCompany(query, req, twilioAccount);
  if (!companyId) return { status: 403 };
  const outcome = req.params.DialCallStatus;
  if (req.params.CallSid && outcome) {
    const db = deps.database.db;
    await db
      .update(callTrackingLogs)
      .set({
        status: outcome === "answered" ? "completed" : outcome,
        duration: seconds(req.params.DialCallDuration) ?? 0,
      })
      .where(
        and(eq(callTrackingLogs.companyId, companyId), eq(callTrackingLogs.callSid, req.params.CallSid)),
      );
    await notify(db, "call_tracked", { companyId });
  }
  const response = new twiml.VoiceResponse();
  response.hangup();
  return { status: 200, twiml: response.toString() };
}

/** The dialled call's recording is ready: kept on the tracked call. */
export async function handleTrackedRecording(
  deps: TDepsDb,
  query: Record<string, string | undefined>,
  req: TTwilioWebhookRequest,
  twilioAccount: TTwilioAccountLookup,
): Promise<200 | 204 | 403> {
  const companyId = await verifiedCompany(query, req, twilioAccount);
  if (!companyId) return 403;
  const { CallSid: callSid, RecordingSid: recordingSid, RecordingUrl: recordingUrl } = req.params;
  if (callSid && recordingSid && recordingUrl) {
    await deps.database.db
      .update(callTrackingLogs)
      .set({ recordingSid, recordingUrl })
      .where(and(eq(callTrackingLogs.companyId, companyId), eq(callTrackingLogs.callSid, callSid)));
  }
  return 204;
}

/** Twilio's callbacks for the calls answered above (form-encoded, signed over the requested URL). */
export function registerTrackedCallWebhooks(app: TApp, deps: TDepsDb, twilioAccount: TTwilioAccountLookup) {
  app.post(DIAL_DONE_PATH, async (c) => {
    const answer = await handleDialDone(deps, c.req.query(), await twilioWebhookRequest(c), twilioAccount);
    if (answer.status !== 200) return c.text("Forbidden", 403);
    c.header("Content-Type", "text/xml; charset=utf-8");
    return c.body(answer.twiml, 200);
  });
  app.post(RECORDING_PATH, async (c) => {
    const status = await handleTrackedRecording(
      deps,
      c.req.query(),
      await twilioWebhookRequest(c),
      twilioAccount,
    );
    return status === 403 ? c.text("Forbidden", 403) : c.body(null, 204);
  });
}
