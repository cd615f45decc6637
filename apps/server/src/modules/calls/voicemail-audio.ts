import { z } from "@hono/zod-openapi";
import { CALL_MESSAGES, VOICEMAIL_AUDIO_RULES, ZPhoneNumberSchema } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TApp, TDeps } from "../../app-types";
import { phoneNumbers } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import { apiError, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext, type TCompanyContext } from "../../plugins/tenant";
import { storeUpload, type TUploadKind, uploadBodyLimit } from "../stored-files";
import { assertCallCenterAdmin } from "./guard";
import { linkedRoutingIds, toDto } from "./phone-numbers";

const BUCKET = "voicemail-audio";
const PATH = "/api/calls/phone-numbers/{id}/voicemail-audio";
const PATH_PATTERN = /^\/api\/calls\/phone-numbers\/[^/]+\/voicemail-audio$/;

/** The upload carries its own, larger body limit than the API's JSON one. */
export const isVoicemailAudioUpload = (path: string) => PATH_PATTERN.test(path);

/**
 * The audio kinds a greeting may be (MP3, WAV: what Twilio's <Play> plays; a greeting recorded in the
 * browser is encoded to WAV there), told by their first bytes rather than the browser's claim, so
 * nothing else is stored and served from this site or handed to Twilio to play.
 */
const SIGNATURES: { type: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  // MP3 with an ID3 tag, or starting on an MPEG audio frame (11 sync bits, layer not 00).
  {
    type: "audio/mpeg",
    ext: "mp3",
    test: (b) =>
      (b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33) ||
      (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0 && ((b[1] ?? 0) & 0x06) !== 0),
  },
  {
    type: "audio/wav",
    ext: "wav",
    test: (b) =>
      String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WAVE",
  },
];

export function sniffAudio(bytes: Uint8Array) {
  return SIGNATURES.find((s) => s.test(bytes)) ?? null;
}

const invalid = () =>
  new AppError("VALIDATION_FAILED", VOICEMAIL_AUDIO_RULES.INVALID_TYPE, {
    file: [VOICEMAIL_AUDIO_RULES.INVALID_TYPE],
  });
const tooLarge = () =>
  new AppError("VALIDATION_FAILED", VOICEMAIL_AUDIO_RULES.TOO_LARGE, {
    file: [VOICEMAIL_AUDIO_RULES.TOO_LARGE],
  });

const GREETING: TUploadKind = {
  bucket: BUCKET,
  maxBytes: VOICEMAIL_AUDIO_RULES.MAX_BYTES,
  sniff: sniffAudio,
  notAccepted: invalid,
  tooLarge,
  failed: VOICEMAIL_AUDIO_RULES.UPLOAD_FAILED,
};

const answer = z.object({ phoneNumber: ZPhoneNumberSchema, message: z.string() });
const base = {
  403: apiError("No company, or not an owner or admin"),
  404: apiError("Not one of this company's numbers"),
};

const uploadRoute = defineRoute({
  auth: "company",
  method: "post",
  path: PATH,
  tags: ["Call center"],
  summary:
    "Upload the number's voicemail greeting (MP3 or WAV, under 5 MB), played instead of the spoken one",
  request: {
    params: z.object({ id: z.uuid() }),
    body: {
      content: {
        "multipart/form-data": {
          schema: z.object({ file: z.any().openapi({ type: "string", format: "binary" }) }),
        },
      },
    },
  },
  responses: {
    ...base,
    200: jsonContent(answer, "Stored; the number now plays it"),
    422: apiError(`${VOICEMAIL_AUDIO_RULES.INVALID_TYPE}, or ${VOICEMAIL_AUDIO_RULES.TOO_LARGE}`),
    502: apiError(VOICEMAIL_AUDIO_RULES.UPLOAD_FAILED),
  },
});

const deleteRoute = defineRoute({
  auth: "company",
  method: "delete",
  path: PATH,
  tags: ["Call center"],
  summary: "Remove the number's uploaded greeting (the spoken greeting is used again)",
  request: { params: z.object({ id: z.uuid() }) },
  responses: { ...base, 200: jsonContent(answer, "Removed") },
});

async function ownNumber(deps: Pick<TDeps, "database">, ctx: TCompanyContext, id: string) {
  const [row] = await deps.database.db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.id, id), eq(phoneNumbers.companyId, ctx.companyId)));
  if (!row) throw notFound(CALL_MESSAGES.NOT_FOUND);
}

async function setAudioUrl(
  deps: Pick<TDeps, "database">,
  ctx: TCompanyContext,
  id: string,
  url: string | null,
  message: string,
) {
  const [row] = await deps.database.db
    .update(phoneNumbers)
    .set({ voicemailAudioUrl: url })
    .where(and(eq(phoneNumbers.id, id), eq(phoneNumbers.companyId, ctx.companyId)))
    .returning();
  if (!row) throw notFound(CALL_MESSAGES.NOT_FOUND);
  return { phoneNumber: toDto(row, await linkedRoutingIds(deps, ctx.companyId, id)), message };
}

/** Voicemail greeting audio of a number: upload (stored like the form builder's images) and removal. */
export function registerVoicemailAudioRoutes(app: TApp, deps: TDeps) {
  app.use("/api/calls/phone-numbers/:id/voicemail-audio", uploadBodyLimit(GREETING));
  app.openapi(uploadRoute, async (c) => {
    const ctx = companyContext(c);
    assertCallCenterAdmin(ctx);
    const { id } = c.req.valid("param");
    await ownNumber(deps, ctx, id);
    const { url } = await storeUpload(c, deps, ctx, GREETING);
    return c.json(await setAudioUrl(deps, ctx, id, url, VOICEMAIL_AUDIO_RULES.UPLOADED), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    const ctx = companyContext(c);
    assertCallCenterAdmin(ctx);
    return c.json(
      await setAudioUrl(deps, ctx, c.req.valid("param").id, null, VOICEMAIL_AUDIO_RULES.DELETED),
      200,
    );
  });
}
