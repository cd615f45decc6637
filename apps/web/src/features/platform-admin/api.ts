import type {
  TAdminCreateUser,
  TAdminDeleteUser,
  TAdminRecreateUser,
  TPlatformPayPalUpdate,
  TSetTierByHand,
  TSubscriberQuery,
  TSupportEmail,
} from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the screen does not download zod to read them.
type TSchemas = typeof import("./api-schemas");
const schema = <K extends keyof TSchemas>(name: K) =>
  import.meta.env.DEV
    ? () => import("./api-schemas").then((schemas): TSchemas[K] => schemas[name])
    : undefined;
const ZAdminCompanyResultSchema = schema("ZAdminCompanyResultSchema");
const ZAdminCompanySchema = schema("ZAdminCompanySchema");
const ZAdminUserResultSchema = schema("ZAdminUserResultSchema");
const ZAuditLogSchema = schema("ZAuditLogSchema");
const ZCompanyOptionsSchema = schema("ZCompanyOptionsSchema");
const ZImpersonationStartedSchema = schema("ZImpersonationStartedSchema");
const ZPlatformPayPalSettingsSchema = schema("ZPlatformPayPalSettingsSchema");
const ZPlatformUserListSchema = schema("ZPlatformUserListSchema");
const ZRegeneratePlansResultSchema = schema("ZRegeneratePlansResultSchema");
const ZSubscriberListSchema = schema("ZSubscriberListSchema");

const BASE = "/api/platform-admin";

export const platformAdminKeys = {
  all: ["platform-admin"] as const,
  paypal: ["platform-admin", "paypal"] as const,
  users: (role: "buyer" | "owner", search: string, page: number) =>
    ["platform-admin", "users", role, search, page] as const,
  companies: ["platform-admin", "companies"] as const,
  subscribers: (query: TSubscriberQuery) => ["platform-admin", "subscribers", query] as const,
  audit: ["platform-admin", "audit-log"] as const,
  company: (companyId: string) => ["platform-admin", "company", companyId] as const,
};

export const fetchPlatformPayPal = (signal?: AbortSignal) =>
  apiClient.get(`${BASE}/paypal`, { schema: ZPlatformPayPalSettingsSchema, signal });
export const savePlatformPayPal = (input: TPlatformPayPalUpdate) =>
  apiClient.put(`${BASE}/paypal`, input, { schema: ZPlatformPayPalSettingsSchema });
export const regeneratePlans = (mode: "sandbox" | "live") =>
  apiClient.post(`${BASE}/paypal/plans`, { mode }, { schema: ZRegeneratePlansResultSchema });

export const fetchPlatformUsers = (
  query: { role: "buyer" | "owner"; search: string; page: number },
  signal?: AbortSignal,
) =>
  apiClient.get(`${BASE}/users`, {
    query: { role: query.role, search: query.search || undefined, page: query.page },
    schema: ZPlatformUserListSchema,
    signal,
  });
export const fetchCompanyOptions = (signal?: AbortSignal) =>
  apiClient.get(`${BASE}/companies`, { schema: ZCompanyOptionsSchema, signal });

export const createUserAccount = (input: TAdminCreateUser) =>
  apiClient.post(`${BASE}/users`, input, { schema: ZAdminUserResultSchema });
export const deleteUserAccount = (input: TAdminDeleteUser) =>
  apiClient.post(`${BASE}/users/delete`, input, { schema: ZAdminUserResultSchema });
export const recreateUserAccount = (input: TAdminRecreateUser) =>
  apiClient.post(`${BASE}/users/recreate`, input, { schema: ZAdminUserResultSchema });

export const sendSupportEmail = (input: TSupportEmail) => apiClient.post(`${BASE}/support-email`, input);

export const fetchSubscribers = (query: TSubscriberQuery, signal?: AbortSignal) =>
  apiClient.get(`${BASE}/subscribers`, {
    query: { ...query, search: query.search || undefined },
    schema: ZSubscriberListSchema,
    signal,
  });

export const fetchAuditLog = (signal?: AbortSignal) =>
  apiClient.get(`${BASE}/audit-log`, { schema: ZAuditLogSchema, signal });

export const startImpersonation = (userId: string) =>
  apiClient.post(`${BASE}/impersonation`, { userId }, { schema: ZImpersonationStartedSchema });

const company = (companyId: string) => `${BASE}/companies/${encodeURIComponent(companyId)}`;
export const fetchAdminCompany = (companyId: string, signal?: AbortSignal) =>
  apiClient.get(company(companyId), { schema: ZAdminCompanySchema, signal });
export const extendCompanyTrial = (companyId: string, days: number) =>
  apiClient.post(`${company(companyId)}/trial`, { days }, { schema: ZAdminCompanyResultSchema });
export const setCompanyTrialExempt = (companyId: string, exempt: boolean) =>
  apiClient.put(`${company(companyId)}/trial-exempt`, { exempt }, { schema: ZAdminCompanyResultSchema });
export const setCompanyTier = (companyId: string, input: TSetTierByHand) =>
  apiClient.put(`${company(companyId)}/tier`, input, { schema: ZAdminCompanyResultSchema });
export const suspendCompany = (companyId: string, reason: string) =>
  apiClient.post(`${company(companyId)}/suspend`, { reason }, { schema: ZAdminCompanyResultSchema });
export const reinstateCompany = (companyId: string) =>
  apiClient.post(`${company(companyId)}/reinstate`, undefined, { schema: ZAdminCompanyResultSchema });
