import { z } from "@hono/zod-openapi";
import { CALL_MESSAGES } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TApp, TDeps } from "../../app-types";
import { callLogs, voicemails } from "../../db/schema";
import { fetchRecordingMedia } from "../../integrations/twilio";
import { AppError, notFound } from "../../lib/app-error";
import { apiError } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext, type TCompanyContext } from "../../plugins/tenant";
import { companyTwilio } from "./credentials";

// Recordings play and download through the product: the browser never needs Twilio's address or keys.

export const callRecordingPath = (callId: string) => `/api/calls/history/${callId}/recording`;
export const voicemailRecordingPath = (voicemailId: string) =>
  `/api/calls/voicemails/${voicemailId}/recording`;

export const RECORDING_FETCH_FAILED = "The recording could not be fetched from Twilio. Please try again.";

type TRecordingRow = { recordingSid: string | null; fromNumber: string | null; createdAt: Date };

/** "call-2026-11-25-13035550111.mp3": what it is, when, and who called. */
export function recordingFileName(kind: "call" | "voicemail", row: TRecordingRow) {
  const day = row.createdAt.toISOString().slice(0, 10);
  const caller = (row.fromNumber ?? "").replace(/\D/g, "");
  return `${kind}-${day}${caller ? `-${caller}` : ""}.mp3`;
}

async function streamRecording(
  deps: Pick<TDeps, "database" | "secretBox" | "config">,
  ctx: TCompanyContext,
  kind: "call" | "voicemail",
  row: TRecordingRow | undefined,
  download: boolean,
): Promise<{ body: ReadableStream; headers: Record<string, string> }> {
  if (!row?.recordingSid) throw notFound(CALL_MESSAGES.NOT_FOUND);
  const twilio = await companyTwilio(deps, ctx.companyId);
  if (!twilio?.accountSid) throw new AppError("TWILIO_NOT_CONFIGURED", CALL_MESSAGES.NOT_CONFIGURED);
  let media: Response;
  try {
    media = await fetchRecordingMedia(
      deps.config.twilio.apiBaseUrl,
      { accountSid: twilio.accountSid, authToken: twilio.authToken },
      row.recordingSid,
    );
  } catch {
    throw new AppError("RECORDING_UNAVAILABLE", RECORDING_FETCH_FAILED);
  }
  const length = media.headers.get("content-length");
  return {
    body: media.body ?? new ReadableStream({ start: (c) => c.close() }),
    headers: {
      "Content-Type": "audio/mpeg",
      ...(length ? { "Content-Length": length } : {}),
      "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${recordingFileName(kind, row)}"`,
      "Cache-Control": "private, max-age=300",
    },
  };
}

const params = z.object({ id: z.uuid() });
const query = z.object({
  download: z.enum(["1", "0"]).optional().openapi({ description: "1: as an attachment with a file name" }),
});
const responses = {
  200: {
    description: "The recording (MP3), streamed from Twilio",
    content: { "audio/mpeg": { schema: z.string().openapi({ type: "string", format: "binary" }) } },
  },
  403: apiError("No company"),
  404: apiError("Not one of this company's recordings"),
  409: apiError("Twilio Not Configured"),
  502: apiError(RECORDING_FETCH_FAILED),
};

const callRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/calls/history/{id}/recording",
  tags: ["Call center"],
  summary: "A call's recording, streamed through the product with the company's Twilio credentials",
  request: { params, query },
  responses,
});
const voicemailRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/calls/voicemails/{id}/recording",
  tags: ["Call center"],
  summary: "A voicemail's recording, streamed through the product with the company's Twilio credentials",
  request: { params, query },
  responses,
});

export function registerRecordingRoutes(app: TApp, deps: TDeps) {
  const cols = {
    recordingSid: callLogs.recordingSid,
    fromNumber: callLogs.fromNumber,
    createdAt: callLogs.createdAt,
  };
  app.openapi(callRoute, async (c) => {
    const ctx = companyContext(c);
    const [row] = await deps.database.db
      .select(cols)
      .from(callLogs)
      .where(and(eq(callLogs.id, c.req.valid("param").id), eq(callLogs.companyId, ctx.companyId)));
    const media = await streamRecording(deps, ctx, "call", row, c.req.valid("query").download === "1");
    return c.body(media.body, 200, media.headers);
  });
  app.openapi(voicemailRoute, async (c) => {
    const ctx = companyContext(c);
    const [row] = await deps.database.db
      .select({
        recordingSid: voicemails.recordingSid,
        fromNumber: voicemails.fromNumber,
        createdAt: voicemails.createdAt,
      })
      .from(voicemails)
      .where(and(eq(voicemails.id, c.req.valid("param").id), eq(voicemails.companyId, ctx.companyId)));
    const media = await streamRecording(deps, ctx, "voicemail", row, c.req.valid("query").download === "1");
    return c.body(media.body, 200, media.headers);
  });
}
