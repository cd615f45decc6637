import type { z } from "@hono/zod-openapi";
import {
  SETTINGS_MESSAGES,
  ZCompanySettingsSchema,
  ZCompanySettingsUpdateSchema,
  ZDisplayPreferencesSchema,
  ZEmailDomainStatusSchema,
  ZMapsTestInputSchema,
  ZMapsTestSchema,
  ZPayPalVerifySchema,
  ZPreferencesInputSchema,
  ZPreferencesSchema,
  ZResendVerifyInputSchema,
  ZResendVerifySchema,
  ZSandboxModeSchema,
  ZTestEmailInputSchema,
  ZTestEmailSchema,
  ZTwilioVerifyInputSchema,
  ZTwilioVerifySchema,
} from "@leadpost/shared";
import type { Context } from "hono";
import type { TApp, TAppEnv, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute, SETTINGS_ADMINS } from "../../plugins/define-route";
import { answerAfterCommit, companyContext } from "../../plugins/tenant";
import { getCompanySettings, setSandboxMode, updateCompanySettings } from "./company-settings";
import { registerLogoRoutes } from "./logo";
import { displayPreferencesOf, getPreferences, readCompanyPreferences, savePreferences } from "./preferences";
import {
  deliverTestEmail,
  emailDomainStatus,
  NOT_CHECKED,
  queueTestEmail,
  testEmailQueued,
  testMapsKey,
  verifyPayPalCredentials,
  verifyResendKey,
  verifyTwilioCredentials,
} from "./verify";

const tags = ["Settings"];
export const SETTINGS_BASE = "/api/settings";
const denied = { 403: apiError(SETTINGS_MESSAGES.ACCESS_DENIED) };

const post = <I extends z.ZodType, O extends z.ZodType>(path: string, summary: string, input: I, out: O) =>
  defineRoute({
    ...SETTINGS_ADMINS,
    method: "post",
    path: `${SETTINGS_BASE}${path}`,
    tags,
    summary,
    request: { body: jsonBody(input) },
    responses: { 200: jsonContent(out, "Result"), ...denied, 422: apiError("Invalid input") },
  });
const action = <O extends z.ZodType>(path: string, summary: string, out: O) =>
  defineRoute({
    ...SETTINGS_ADMINS,
    method: "post",
    path: `${SETTINGS_BASE}${path}`,
    tags,
    summary,
    responses: { 200: jsonContent(out, "Result"), ...denied },
  });

const getRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "get",
  path: `${SETTINGS_BASE}/company`,
  tags,
  summary: "Company settings (secrets as their last four characters only)",
  responses: { 200: jsonContent(ZCompanySettingsSchema, "Settings"), ...denied },
});
const putRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "put",
  path: `${SETTINGS_BASE}/company`,
  tags,
  summary: "Save Settings: the given fields; secrets are encrypted at rest, blank keeps the stored one",
  request: { body: jsonBody(ZCompanySettingsUpdateSchema) },
  responses: { 200: jsonContent(ZCompanySettingsSchema, "Saved"), ...denied, 422: apiError("Invalid input") },
});
const modeRoute = post(
  "/sandbox-mode",
  "Switch the company between sandbox and live",
  ZSandboxModeSchema,
  ZCompanySettingsSchema,
);
const paypalRoute = action(
  "/verify/paypal",
  "verify-paypal-credentials: PayPal OAuth with each saved app",
  ZPayPalVerifySchema,
);
const twilioRoute = post(
  "/verify/twilio",
  "verify-twilio-credentials against Twilio's account API",
  ZTwilioVerifyInputSchema,
  ZTwilioVerifySchema,
);
const mapsRoute = post(
  "/verify/maps",
  "Test API Key: geocode Los Angeles with the maps key",
  ZMapsTestInputSchema,
  ZMapsTestSchema,
);
const resendRoute = post(
  "/verify/resend",
  "verify-resend-key: the key against Resend's domains API",
  ZResendVerifyInputSchema,
  ZResendVerifySchema,
);
const domainRoute = action(
  "/email/domain-status",
  "email-status: SPF, DKIM and DMARC of the domain at Resend",
  ZEmailDomainStatusSchema,
);
const prefsGetRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "get",
  path: `${SETTINGS_BASE}/preferences`,
  tags,
  summary: "Company preferences (country, currency, timezone, customer-detail hiding)",
  responses: { 200: jsonContent(ZPreferencesSchema, "Preferences"), ...denied },
});
const prefsPutRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "put",
  path: `${SETTINGS_BASE}/preferences`,
  tags,
  summary: "Save company preferences",
  request: { body: jsonBody(ZPreferencesInputSchema) },
  responses: { 200: jsonContent(ZPreferencesSchema, "Saved"), ...denied, 422: apiError("Invalid input") },
});
export const DISPLAY_PREFERENCES_PATH = "/api/company/display-preferences";
const displayRoute = defineRoute({
  auth: "company",
  method: "get",
  path: DISPLAY_PREFERENCES_PATH,
  tags,
  summary: "The company's country, currency and timezone, which format money and dates (any company user)",
  responses: {
    200: jsonContent(ZDisplayPreferencesSchema, "Display preferences"),
    403: apiError("No company associated with your account"),
  },
});
const testEmailRoute = post(
  "/email/test",
  "Send Test Email through the company's mail path",
  ZTestEmailInputSchema,
  ZTestEmailSchema,
);

export function registerSettingsRoutes(app: TApp, deps: TDeps) {
  app.openapi(displayRoute, async (c) => {
    const prefs = await readCompanyPreferences(deps.database.db, companyContext(c).companyId);
    return c.json(displayPreferencesOf(prefs), 200);
  });
  registerLogoRoutes(app, deps);
  app.openapi(prefsGetRoute, async (c) => c.json(await getPreferences(deps, companyContext(c)), 200));
  app.openapi(prefsPutRoute, async (c) =>
    c.json(await savePreferences(deps, companyContext(c), c.req.valid("json")), 200),
  );
  app.openapi(getRoute, async (c) => c.json(await getCompanySettings(deps, companyContext(c)), 200));
  app.openapi(putRoute, async (c) =>
    c.json(await updateCompanySettings(deps, companyContext(c), c.req.valid("json")), 200),
  );
  app.openapi(modeRoute, async (c) =>
    c.json(await setSandboxMode(deps, companyContext(c), c.req.valid("json").isSandboxMode), 200),
  );
  // Each check asks its provider once the request's transaction has committed: no database connection
  // waits on PayPal, Twilio, Google or Resend (on the embedded database, the only connection there is).
  const afterCommitCheck = <T>(c: Context<TAppEnv>, notChecked: T, check: () => Promise<T>) =>
    answerAfterCommit(c, c.json(notChecked, 200), () => check().then((verdict) => c.json(verdict, 200)));
  app.openapi(paypalRoute, async (c) =>
    afterCommitCheck(c, NOT_CHECKED.paypal, () => verifyPayPalCredentials(deps, companyContext(c))),
  );
  app.openapi(twilioRoute, async (c) => {
    const input = c.req.valid("json");
    return afterCommitCheck(c, NOT_CHECKED.twilio, () =>
      verifyTwilioCredentials(deps, companyContext(c), input),
    );
  });
  app.openapi(mapsRoute, async (c) => {
    const input = c.req.valid("json");
    return afterCommitCheck(c, NOT_CHECKED.maps, () => testMapsKey(deps, companyContext(c), input));
  });
  app.openapi(resendRoute, async (c) => {
    const input = c.req.valid("json");
    return afterCommitCheck(c, NOT_CHECKED.resend, () => verifyResendKey(deps, companyContext(c), input));
  });
  app.openapi(domainRoute, async (c) =>
    afterCommitCheck(c, NOT_CHECKED.domain, () => emailDomainStatus(deps, companyContext(c))),
  );
  // Stored in the request; delivered after its commit while the user waits (never inside it).
  app.openapi(testEmailRoute, async (c) => {
    const { to } = c.req.valid("json");
    const stored = await queueTestEmail(deps, companyContext(c), to);
    return answerAfterCommit(c, c.json(testEmailQueued(to), 200), async () =>
      c.json(await deliverTestEmail(deps, stored.id, to), 200),
    );
  });
}
