import { z } from "zod";
import {
  ADMIN_USER_ROLES,
  PLATFORM_ADMIN_MESSAGES,
  PLATFORM_AUDIT_ACTIONS,
  SUBSCRIBER_SORTS,
} from "../domain/platform-admin";

// Texts, plans and lists in a file of their own (no zod): pages read them without the schemas.
export * from "../domain/platform-admin";

export const ZPayPalModeSchema = z.enum(["sandbox", "live"]);

const ZPlatformPayPalAppSchema = z.object({
  clientId: z.string().nullable(),
  webhookId: z.string().nullable(),
  secretLast4: z.string().nullable(),
  configured: z.boolean(),
  updatedAt: z.string().nullable(),
});
const ZPlanSchema = z.object({
  tier: z.enum(["basic", "pro", "enterprise"]),
  mode: ZPayPalModeSchema,
  providerPlanId: z.string(),
  priceCents: z.number(),
  seats: z.number(),
  createdAt: z.string(),
});
export type TSubscriptionPlan = z.infer<typeof ZPlanSchema>;

export const ZPlatformPayPalSettingsSchema = z.object({
  sandbox: ZPlatformPayPalAppSchema,
  live: ZPlatformPayPalAppSchema,
  plans: z.array(ZPlanSchema),
});
export type TPlatformPayPalSettings = z.infer<typeof ZPlatformPayPalSettingsSchema>;

export const ZPlatformPayPalUpdateSchema = z.object({
  mode: ZPayPalModeSchema,
  clientId: z.string().trim().min(1, "Client ID is required").max(200),
  /** Left out (or empty) to keep the stored secret. */
  secret: z.string().trim().max(200).optional(),
  webhookId: z.string().trim().max(200).optional(),
});
export type TPlatformPayPalUpdate = z.infer<typeof ZPlatformPayPalUpdateSchema>;

export const ZRegeneratePlansSchema = z.object({ mode: ZPayPalModeSchema });
export const ZRegeneratePlansResultSchema = z.object({ productId: z.string(), plans: z.array(ZPlanSchema) });
export type TRegeneratePlansResult = z.infer<typeof ZRegeneratePlansResultSchema>;

/** 003 §5 admin user forms; role user = company member, admin = company admin, buyer = lead buyer. */
const ZAdminUserDataSchema = z.object({
  fullName: z.string().trim().min(1, "Full name is required").max(100),
  companyId: z.uuid("Company is required"),
  role: z.enum(ADMIN_USER_ROLES, "Role is required"),
  /** 003 §9: at least 10 characters when given. */
  phoneNumber: z
    .string()
    .trim()
    .min(10, "Phone number must be at least 10 characters")
    .max(20, "Phone number must be at most 20 characters")
    .optional(),
});
export const ZAdminCreateUserSchema = ZAdminUserDataSchema.extend({
  email: z.email(PLATFORM_ADMIN_MESSAGES.INVALID_EMAIL).trim().toLowerCase(),
  password: z
    .string()
    .min(8, PLATFORM_ADMIN_MESSAGES.PASSWORD_MIN)
    .max(128)
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export type TAdminCreateUser = z.infer<typeof ZAdminCreateUserSchema>;

export const ZAdminRecreateUserSchema = ZAdminCreateUserSchema.extend({
  cleanupOrphanedRecords: z.boolean().default(true),
});
export type TAdminRecreateUser = z.infer<typeof ZAdminRecreateUserSchema>;

export const ZAdminDeleteUserSchema = z
  .object({
    userId: z.string().trim().max(100).optional(),
    email: z.string().trim().toLowerCase().max(254).optional(),
    preserveData: z.boolean().default(true),
  })
  .refine((v) => Boolean(v.userId || v.email), {
    message: PLATFORM_ADMIN_MESSAGES.DELETE_TARGET_REQUIRED,
    path: ["userId"],
  });
export type TAdminDeleteUser = z.infer<typeof ZAdminDeleteUserSchema>;

export const ZAdminUserResultSchema = z.object({
  success: z.literal(true),
  action: z.enum(["create", "delete", "recreate"]),
  message: z.string(),
  user: z.object({ id: z.string(), email: z.string() }),
  /** Set when no password was given: the user was e-mailed a create-password link. */
  passwordLinkSent: z.boolean().optional(),
  /** Delete and recreate: what else changed. */
  details: z.record(z.string(), z.number()).optional(),
});
export type TAdminUserResult = z.infer<typeof ZAdminUserResultSchema>;

export const ZPlatformUserListQuerySchema = z.object({
  role: z.enum(["buyer", "owner"]),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZPlatformUserRowSchema = z.object({
  /** Buyer record id or role id: unique per row. */
  rowId: z.string(),
  userId: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  companyId: z.string(),
  companyName: z.string(),
  status: z.string().nullable(),
  isPlatformAdmin: z.boolean(),
  createdAt: z.string(),
});
export type TPlatformUserRow = z.infer<typeof ZPlatformUserRowSchema>;
export const ZPlatformUserListSchema = z.object({
  items: z.array(ZPlatformUserRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TPlatformUserList = z.infer<typeof ZPlatformUserListSchema>;

export const ZCompanyOptionSchema = z.object({ id: z.string(), name: z.string() });
export const ZCompanyOptionsSchema = z.array(ZCompanyOptionSchema);

export const ZSupportEmailSchema = z.object({
  to: z.email(PLATFORM_ADMIN_MESSAGES.INVALID_EMAIL),
  subject: z.string().trim().min(1, PLATFORM_ADMIN_MESSAGES.SUPPORT_EMAIL_REQUIRED).max(200),
  message: z.string().trim().min(1, PLATFORM_ADMIN_MESSAGES.SUPPORT_EMAIL_REQUIRED).max(10_000),
  userId: z.string().max(100).optional(),
});
export type TSupportEmail = z.infer<typeof ZSupportEmailSchema>;

export const ZSubscriberQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  sort: z.enum(SUBSCRIBER_SORTS).default("name"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TSubscriberQuery = z.infer<typeof ZSubscriberQuerySchema>;
export const ZSubscriberRowSchema = z.object({
  companyId: z.string(),
  name: z.string(),
  adminEmail: z.string().nullable(),
  tier: z.enum(["free", "basic", "pro", "enterprise"]),
  subscriptionStatus: z.string().nullable(),
  trialExpiresAt: z.string().nullable(),
  seats: z.number(),
  seatsUsed: z.number(),
  buyers: z.number(),
  leads: z.number(),
  suspendedAt: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TSubscriberRow = z.infer<typeof ZSubscriberRowSchema>;
export const ZSubscriberListSchema = z.object({
  items: z.array(ZSubscriberRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TSubscriberList = z.infer<typeof ZSubscriberListSchema>;

export const ZImpersonateSchema = z.object({ userId: z.string().min(1).max(100) });
export const ZImpersonationStatusSchema = z.object({
  active: z.boolean(),
  adminUserId: z.string().nullable(),
  adminEmail: z.string().nullable(),
  userEmail: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type TImpersonationStatus = z.infer<typeof ZImpersonationStatusSchema>;
export const ZImpersonationStartedSchema = z.object({
  userId: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export const ZImpersonationEndedSchema = z.object({ restored: z.boolean() });

export const ZAuditLogEntrySchema = z.object({
  id: z.string(),
  action: z.enum(PLATFORM_AUDIT_ACTIONS),
  adminUserId: z.string(),
  /** The admin's e-mail (as it was, else as it is now); null only for an account gone without one. */
  adminEmail: z.string().nullable(),
  targetUserId: z.string(),
  targetEmail: z.string().nullable(),
  /** In words: what a request did ("Changed payment settings"), why an impersonation ended. */
  detail: z.string().nullable(),
  /** A request made while impersonating: method and path, and the status it was answered with. */
  request: z.string().nullable(),
  status: z.number().nullable(),
  createdAt: z.string(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntrySchema>;
export const ZAuditLogSchema = z.object({ items: z.array(ZAuditLogEntrySchema) });
