import {
  type TCompanySettingsUpdate,
  type TCreateApiKey,
  type TCreateSubscription,
  ZApiKeyListSchema,
  ZBackupAnalysisSchema,
  ZBackupListSchema,
  ZBackupSchema,
  ZCompanySettingsSchema,
  ZCreatedApiKeySchema,
  ZEmailDomainStatusSchema,
  ZMapsTestSchema,
  ZPayPalVerifySchema,
  ZResendVerifySchema,
  ZRestoreResultSchema,
  ZSubscriptionCancelResultSchema,
  ZSubscriptionCheckoutSchema,
  ZSubscriptionConfirmResultSchema,
  ZSubscriptionStateSchema,
  ZTeamSchema,
  ZTestEmailSchema,
  ZTwilioVerifySchema,
} from "@leadpost/shared";
import { z } from "zod";
import { apiClient } from "@/lib/api-client";

export const settingsKeys = { company: ["settings", "company"] as const };

export const fetchCompanySettings = (signal?: AbortSignal) =>
  apiClient.get("/api/settings/company", { schema: ZCompanySettingsSchema, signal });
export const saveCompanySettings = (input: TCompanySettingsUpdate) =>
  apiClient.put("/api/settings/company", input, { schema: ZCompanySettingsSchema });
export const setSandboxMode = (isSandboxMode: boolean) =>
  apiClient.post("/api/settings/sandbox-mode", { isSandboxMode }, { schema: ZCompanySettingsSchema });
export const verifyPayPal = () =>
  apiClient.post("/api/settings/verify/paypal", undefined, { schema: ZPayPalVerifySchema });
export const verifyTwilio = (input: { accountSid?: string; authToken?: string }) =>
  apiClient.post("/api/settings/verify/twilio", input, { schema: ZTwilioVerifySchema });
export const testMapsKey = (apiKey?: string) =>
  apiClient.post("/api/settings/verify/maps", { apiKey }, { schema: ZMapsTestSchema });
export const verifyResendKey = (input: { apiKey?: string; email?: string }) =>
  apiClient.post("/api/settings/verify/resend", input, { schema: ZResendVerifySchema });
export const checkDomainStatus = () =>
  apiClient.post("/api/settings/email/domain-status", undefined, { schema: ZEmailDomainStatusSchema });
export const sendTestEmail = (to: string) =>
  apiClient.post("/api/settings/email/test", { to }, { schema: ZTestEmailSchema });

export const apiKeyKeys = ["settings", "api-keys"] as const;
export const fetchApiKeys = (signal?: AbortSignal) =>
  apiClient.get("/api/settings/api-keys", { schema: ZApiKeyListSchema, signal });
export const createApiKey = (input: TCreateApiKey) =>
  apiClient.post("/api/settings/api-keys", input, { schema: ZCreatedApiKeySchema });
export const revokeApiKey = (id: string) => apiClient.delete(`/api/settings/api-keys/${id}`);

export const backupKeys = ["settings", "backups"] as const;
export const fetchBackups = (signal?: AbortSignal) =>
  apiClient.get("/api/settings/backups", { schema: ZBackupListSchema, signal });
export const createBackup = () =>
  apiClient.post("/api/settings/backups", undefined, { schema: ZBackupSchema });
/** The picked file is sent as it is (streamed by the browser, never read into the page). */
export const analyseBackup = (file: Blob) =>
  apiClient.post("/api/settings/backups/analyse", file, { schema: ZBackupAnalysisSchema });
export const restoreBackup = (file: Blob) =>
  apiClient.post("/api/settings/backups/restore", file, { schema: ZRestoreResultSchema });

export const teamKeys = ["settings", "team"] as const;
export const fetchTeam = (signal?: AbortSignal) =>
  apiClient.get("/api/settings/team", { schema: ZTeamSchema, signal });
export const inviteTeamMember = (input: { email: string; role: "org_admin" | "member" }) =>
  apiClient.post("/api/settings/team/invitations", input, { schema: ZTeamSchema });
export const revokeTeamInvitation = (id: string) =>
  apiClient.delete(`/api/settings/team/invitations/${id}`, { schema: ZTeamSchema });
export const changeTeamRole = (userId: string, role: "org_admin" | "member") =>
  apiClient.put(
    `/api/settings/team/members/${encodeURIComponent(userId)}/role`,
    { role },
    { schema: ZTeamSchema },
  );
export const removeTeamMember = (userId: string) =>
  apiClient.delete(`/api/settings/team/members/${encodeURIComponent(userId)}`, { schema: ZTeamSchema });

const ZLogo = z.object({ logoUrl: z.string().nullable(), message: z.string() });
export function uploadLogo(file: File) {
  const body = new FormData();
  body.set("file", file);
  return apiClient.post("/api/settings/logo", body, { schema: ZLogo });
}
export const removeLogo = () => apiClient.delete("/api/settings/logo", { schema: ZLogo });

export const subscriptionKeys = ["settings", "subscription"] as const;
export const fetchSubscription = (signal?: AbortSignal) =>
  apiClient.get("/api/settings/subscription", { schema: ZSubscriptionStateSchema, signal });
export const startSubscription = (input: TCreateSubscription) =>
  apiClient.post("/api/settings/subscription", input, { schema: ZSubscriptionCheckoutSchema });
/** Change plan on a paid tier: PayPal's consent page is at approveUrl. */
export const changeSubscriptionPlan = (input: TCreateSubscription) =>
  apiClient.post("/api/settings/subscription/change", input, { schema: ZSubscriptionCheckoutSchema });
export const cancelSubscription = () =>
  apiClient.post("/api/settings/subscription/cancel", undefined, { schema: ZSubscriptionCancelResultSchema });
export const confirmSubscription = (subscriptionId: string) =>
  apiClient.post(
    "/api/settings/subscription/confirm",
    { subscriptionId },
    { schema: ZSubscriptionConfirmResultSchema },
  );
