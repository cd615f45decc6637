import type {
  TAdminCreateUser,
  TAdminDeleteUser,
  TAdminRecreateUser,
  TPlatformPayPalUpdate,
  TSetTierByHand,
  TSubscriberQuery,
  TSupportEmail,
} from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the screen does not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
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
  api.get("/api/platform-admin/paypal", { schema: ZPlatformPayPalSettingsSchema, signal });
export const savePlatformPayPal = (input: TPlatformPayPalUpdate) =>
  api.put("/api/platform-admin/paypal", { body: input, schema: ZPlatformPayPalSettingsSchema });
export const regeneratePlans = (mode: "sandbox" | "live") =>
  api.post("/api/platform-admin/paypal/plans", { body: { mode }, schema: ZRegeneratePlansResultSchema });

export const fetchPlatformUsers = (
  query: { role: "buyer" | "owner"; search: string; page: number },
  signal?: AbortSignal,
) =>
  api.get("/api/platform-admin/users", {
    query: { role: query.role, search: query.search || undefined, page: query.page },
    schema: ZPlatformUserListSchema,
    signal,
  });
export const fetchCompanyOptions = (signal?: AbortSignal) =>
  api.get("/api/platform-admin/companies", { schema: ZCompanyOptionsSchema, signal });

export const createUserAccount = (input: TAdminCreateUser) =>
  api.post("/api/platform-admin/users", { body: input, schema: ZAdminUserResultSchema });
export const deleteUserAccount = (input: TAdminDeleteUser) =>
  api.post("/api/platform-admin/users/delete", { body: input, schema: ZAdminUserResultSchema });
export const recreateUserAccount = (input: TAdminRecreateUser) =>
  api.post("/api/platform-admin/users/recreate", { body: input, schema: ZAdminUserResultSchema });

export const sendSupportEmail = (input: TSupportEmail) =>
  api.post("/api/platform-admin/support-email", { body: input });

export const fetchSubscribers = (query: TSubscriberQuery, signal?: AbortSignal) =>
  api.get("/api/platform-admin/subscribers", {
    query: { ...query, search: query.search || undefined },
    schema: ZSubscriberListSchema,
    signal,
  });

export const fetchAuditLog = (signal?: AbortSignal) =>
  api.get("/api/platform-admin/audit-log", { schema: ZAuditLogSchema, signal });

export const startImpersonation = (userId: string) =>
  api.post("/api/platform-admin/impersonation", { body: { userId }, schema: ZImpersonationStartedSchema });

export const fetchAdminCompany = (companyId: string, signal?: AbortSignal) =>
  api.get("/api/platform-admin/companies/{companyId}", {
    params: { companyId },
    schema: ZAdminCompanySchema,
    signal,
  });
export const extendCompanyTrial = (companyId: string, days: number) =>
  api.post("/api/platform-admin/companies/{companyId}/trial", {
    params: { companyId },
    body: { days },
    schema: ZAdminCompanyResultSchema,
  });
export const setCompanyTrialExempt = (companyId: string, exempt: boolean) =>
  api.put("/api/platform-admin/companies/{companyId}/trial-exempt", {
    params: { companyId },
    body: { exempt },
    schema: ZAdminCompanyResultSchema,
  });
export const setCompanyTier = (companyId: string, input: TSetTierByHand) =>
  api.put("/api/platform-admin/companies/{companyId}/tier", {
    params: { companyId },
    body: input,
    schema: ZAdminCompanyResultSchema,
  });
export const suspendCompany = (companyId: string, reason: string) =>
  api.post("/api/platform-admin/companies/{companyId}/suspend", {
    params: { companyId },
    body: { reason },
    schema: ZAdminCompanyResultSchema,
  });
export const reinstateCompany = (companyId: string) =>
  api.post("/api/platform-admin/companies/{companyId}/reinstate", {
    params: { companyId },
    schema: ZAdminCompanyResultSchema,
  });
