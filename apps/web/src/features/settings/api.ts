import type { TCompanySettingsUpdate, TPreferencesInput, TReturnSettingsPatch } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { schema } from "./api-schema";

// The answers are checked in development and tests only (./api-schema.ts): a production build
// types the answers, so the settings screens do not download zod to read them. The API Keys, Backup and
// Team tabs, the subscription panel and the sign-in history have their calls in modules of their own
// (api-keys-api.ts, backups-api.ts, team-api.ts, subscription-api.ts, auth-events-api.ts), so a tab's
// calls load with that tab only.
const ZCompanySettingsSchema = schema("ZCompanySettingsSchema");
const ZEmailDomainStatusSchema = schema("ZEmailDomainStatusSchema");
const ZMapsTestSchema = schema("ZMapsTestSchema");
const ZPayPalVerifySchema = schema("ZPayPalVerifySchema");
const ZResendVerifySchema = schema("ZResendVerifySchema");
const ZTestEmailSchema = schema("ZTestEmailSchema");
const ZTwilioVerifySchema = schema("ZTwilioVerifySchema");
const ZLogo = schema("ZLogo");
const ZPreferencesSchema = schema("ZPreferencesSchema");
const ZReturnSettingsSchema = schema("ZReturnSettingsSchema");

export const settingsKeys = { company: ["settings", "company"] as const };

export const fetchCompanySettings = (signal?: AbortSignal) =>
  api.get("/api/settings/company", { schema: ZCompanySettingsSchema, signal });
export const saveCompanySettings = (input: TCompanySettingsUpdate) =>
  api.put("/api/settings/company", { body: input, schema: ZCompanySettingsSchema });
export const setSandboxMode = (isSandboxMode: boolean) =>
  api.post("/api/settings/sandbox-mode", { body: { isSandboxMode }, schema: ZCompanySettingsSchema });
export const verifyPayPal = () => api.post("/api/settings/verify/paypal", { schema: ZPayPalVerifySchema });
export const verifyTwilio = (input: { accountSid?: string; authToken?: string }) =>
  api.post("/api/settings/verify/twilio", { body: input, schema: ZTwilioVerifySchema });
export const testMapsKey = (apiKey?: string) =>
  api.post("/api/settings/verify/maps", { body: { apiKey }, schema: ZMapsTestSchema });
export const verifyResendKey = (input: { apiKey?: string; email?: string }) =>
  api.post("/api/settings/verify/resend", { body: input, schema: ZResendVerifySchema });
export const checkDomainStatus = () =>
  api.post("/api/settings/email/domain-status", { schema: ZEmailDomainStatusSchema });
export const sendTestEmail = (to: string) =>
  api.post("/api/settings/email/test", { body: { to }, schema: ZTestEmailSchema });

export function uploadLogo(file: File) {
  const body = new FormData();
  body.set("file", file);
  return api.post("/api/settings/logo", { body, schema: ZLogo });
}
export const removeLogo = () => api.delete("/api/settings/logo", { schema: ZLogo });

export const fetchPreferences = (signal?: AbortSignal) =>
  api.get("/api/settings/preferences", { schema: ZPreferencesSchema, signal });
export const savePreferences = (input: TPreferencesInput) =>
  api.put("/api/settings/preferences", { body: input, schema: ZPreferencesSchema });

export const fetchReturnSettings = (signal?: AbortSignal) =>
  api.get("/api/returns/settings", { schema: ZReturnSettingsSchema, signal });
export const saveReturnSettings = (patch: TReturnSettingsPatch) =>
  api.patch("/api/returns/settings", { body: patch, schema: ZReturnSettingsSchema });
