import { z } from "@hono/zod-openapi";
import {
  CALL_SETTINGS_DEFAULTS,
  type TCallSettings,
  ZCallSettingsPatchSchema,
  ZCallSettingsSchema,
} from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TApp, TDeps } from "../../app-types";
import type { DbOrTx } from "../../db/client";
import { callSettings } from "../../db/schema";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext, type TCompanyContext } from "../../plugins/tenant";
import { assertCallCenterAdmin } from "./guard";

type TSettingsRow = { [K in keyof TCallSettings]: TCallSettings[K] | null };

/** A company's stored settings (all null from a left join when it saved none), else the defaults. */
export function settingsOrDefaults(row: TSettingsRow | null | undefined): TCallSettings {
  if (!row || row.routingStrategy === null) return { ...CALL_SETTINGS_DEFAULTS };
  return {
    routingStrategy: row.routingStrategy,
    recordCalls: row.recordCalls ?? CALL_SETTINGS_DEFAULTS.recordCalls,
    voicemailEnabled: row.voicemailEnabled ?? CALL_SETTINGS_DEFAULTS.voicemailEnabled,
    transcribeVoicemail: row.transcribeVoicemail ?? CALL_SETTINGS_DEFAULTS.transcribeVoicemail,
  };
}

/** The company's call settings; the defaults until it saves its own. */
export async function companyCallSettings(db: DbOrTx, companyId: string): Promise<TCallSettings> {
  const [row] = await db.select().from(callSettings).where(eq(callSettings.companyId, companyId));
  return settingsOrDefaults(row);
}

/**
 * Changes the named settings only (002 §7 update-call-settings). Transcription needs voicemail (002 §4):
 * turning voicemail off turns transcription off, and turning transcription on turns voicemail on.
 */
export async function updateCallSettings(
  deps: Pick<TDeps, "database">,
  ctx: TCompanyContext,
  patch: Partial<TCallSettings>,
) {
  assertCallCenterAdmin(ctx);
  const db = deps.database.db;
  const current = await companyCallSettings(db, ctx.companyId);
  const next = { ...current, ...patch };
  if (patch.transcribeVoicemail === true) next.voicemailEnabled = true;
  else if (!next.voicemailEnabled) next.transcribeVoicemail = false;
  await db
    .insert(callSettings)
    .values({ companyId: ctx.companyId, ...next })
    .onConflictDoUpdate({ target: callSettings.companyId, set: { ...next, updatedAt: new Date() } });
  return { settings: next, message: "Settings saved successfully" };
}

const tags = ["Call center"];
const base = { 403: apiError("No company, or not an owner or admin") };
const answer = z.object({ settings: ZCallSettingsSchema });

const getRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/calls/settings",
  tags,
  summary: "Company-wide call settings: routing strategy of new numbers, recording, voicemail, transcription",
  responses: { ...base, 200: jsonContent(answer, "The settings") },
});
const patchRoute = defineRoute({
  auth: "company",
  method: "patch",
  path: "/api/calls/settings",
  tags,
  summary: "Change the named call settings (the others stay as they are)",
  request: { body: jsonBody(ZCallSettingsPatchSchema) },
  responses: {
    ...base,
    200: jsonContent(answer.extend({ message: z.string() }), "Saved"),
    422: apiError("Invalid input, with a message per field"),
  },
});

export function registerCallSettingsRoutes(app: TApp, deps: TDeps) {
  app.openapi(getRoute, async (c) => {
    const ctx = companyContext(c);
    return c.json({ settings: await companyCallSettings(deps.database.db, ctx.companyId) }, 200);
  });
  app.openapi(patchRoute, async (c) =>
    c.json(await updateCallSettings(deps, companyContext(c), c.req.valid("json")), 200),
  );
}
