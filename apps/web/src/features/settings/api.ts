import type {
  TCompanySettingsUpdate,
  TCreateApiKey,
  TCreateSubscription,
  TPreferencesInput,
  TReturnSettingsPatch,
} from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the settings screens do not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZApiKeyListSchema = schema("ZApiKeyListSchema");
const ZBackupAnalysisSchema = schema("ZBackupAnalysisSchema");
const ZBackupListSchema = schema("ZBackupListSchema");
const ZBackupSchema = schema("ZBackupSchema");
const ZCompanySettingsSchema = schema("ZCompanySettingsSchema");
const ZCreatedApiKeySchema = schema("ZCreatedApiKeySchema");
const ZEmailDomainStatusSchema = schema("ZEmailDomainStatusSchema");
const ZMapsTestSchema = schema("ZMapsTestSchema");
const ZPayPalVerifySchema = schema("ZPayPalVerifySchema");
const ZResendVerifySchema = schema("ZResendVerifySchema");
const ZRestoreResultSchema = schema("ZRestoreResultSchema");
const ZSubscriptionCancelResultSchema = schema("ZSubscriptionCancelResultSchema");
const ZSubscriptionCheckoutSchema = schema("ZSubscriptionCheckoutSchema");
const ZSubscriptionConfirmResultSchema = schema("ZSubscriptionConfirmResultSchema");
const ZSubscriptionStateSchema = schema("ZSubscriptionStateSchema");
const ZTeamSchema = schema("ZTeamSchema");
const ZTestEmailSchema = schema("ZTestEmailSchema");
const ZTwilioVerifySchema = schema("ZTwilioVerifySchema");
const ZLogo = schema("ZLogo");
const ZAuthEvents = schema("ZAuthEvents");
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

export const apiKeyKeys = ["settings", "api-keys"] as const;
export const fetchApiKeys = (signal?: AbortSignal) =>
  api.get("/api/settings/api-keys", { schema: ZApiKeyListSchema, signal });
export const createApiKey = (input: TCreateApiKey) =>
  api.post("/api/settings/api-keys", { body: input, schema: ZCreatedApiKeySchema });
export const revokeApiKey = (id: string) => api.delete("/api/settings/api-keys/{id}", { params: { id } });

export const backupKeys = ["settings", "backups"] as const;
export const fetchBackups = (signal?: AbortSignal) =>
  api.get("/api/settings/backups", { schema: ZBackupListSchema, signal });
export const createBackup = () => api.post("/api/settings/backups", { schema: ZBackupSchema });
/** The picked file is sent as it is (streamed by the browser, never read into the page). */
export const analyseBackup = (file: Blob) =>
  api.post("/api/settings/backups/analyse", { body: file, schema: ZBackupAnalysisSchema });
export const restoreBackup = (file: Blob) =>
  api.post("/api/settings/backups/restore", { body: file, schema: ZRestoreResultSchema });

export const teamKeys = ["settings", "team"] as const;
export const fetchTeam = (signal?: AbortSignal) =>
  api.get("/api/settings/team", { schema: ZTeamSchema, signal });
export const inviteTeamMember = (input: { email: string; role: "org_admin" | "member" }) =>
  api.post("/api/settings/team/invitations", { body: input, schema: ZTeamSchema });
export const revokeTeamInvitation = (id: string) =>
  api.delete("/api/settings/team/invitations/{id}", { params: { id }, schema: ZTeamSchema });
export const changeTeamRole = (userId: string, role: "org_admin" | "member") =>
  api.put("/api/settings/team/members/{userId}/role", {
    params: { userId },
    body: { role },
    schema: ZTeamSchema,
  });
export const removeTeamMember = (userId: string) =>
  api.delete("/api/settings/team/members/{userId}", { params: { userId }, schema: ZTeamSchema });

export function uploadLogo(file: File) {
  const body = new FormData();
  body.set("file", file);
  return api.post("/api/settings/logo", { body, schema: ZLogo });
}
export const removeLogo = () => api.delete("/api/settings/logo", { schema: ZLogo });

export const subscriptionKeys = ["settings", "subscription"] as const;
export const fetchSubscription = (signal?: AbortSignal) =>
  api.get("/api/settings/subscription", { schema: ZSubscriptionStateSchema, signal });
export const startSubscription = (input: TCreateSubscription) =>
  api.post("/api/settings/subscription", { body: input, schema: ZSubscriptionCheckoutSchema });
/** Change plan on a paid tier: PayPal's consent page is at approveUrl. */
export const changeSubscriptionPlan = (input: TCreateSubscription) =>
  api.post("/api/settings/subscription/change", { body: input, schema: ZSubscriptionCheckoutSchema });
export const cancelSubscription = () =>
  api.post("/api/settings/subscription/cancel", { schema: ZSubscriptionCancelResultSchema });
export const confirmSubscription = (subscriptionId: string) =>
  api.post("/api/settings/subscription/confirm", {
    body: { subscriptionId },
    schema: ZSubscriptionConfirmResultSchema,
  });

export const fetchAuthEvents = (
  query: { email?: string; eventType?: string; status?: string },
  signal?: AbortSignal,
) => api.get("/api/auth-events", { query, schema: ZAuthEvents, signal });

export const fetchPreferences = (signal?: AbortSignal) =>
  api.get("/api/settings/preferences", { schema: ZPreferencesSchema, signal });
export const savePreferences = (input: TPreferencesInput) =>
  api.put("/api/settings/preferences", { body: input, schema: ZPreferencesSchema });

export const fetchReturnSettings = (signal?: AbortSignal) =>
  api.get("/api/returns/settings", { schema: ZReturnSettingsSchema, signal });
export const saveReturnSettings = (patch: TReturnSettingsPatch) =>
  api.patch("/api/returns/settings", { body: patch, schema: ZReturnSettingsSchema });
