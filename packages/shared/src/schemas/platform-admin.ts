import { z } from "zod";

/** Texts of 003 §6 and §8 for the platform-admin tools, and ours where the spec shows none. */
export const PLATFORM_ADMIN_MESSAGES = {
  NO_ACCESS: "You don't have access to Developer Settings",
  LOAD_PAYPAL_FAILED: "Failed to load PayPal credentials",
  SAVE_FAILED: "Failed to save settings",
  NO_CHANGES: "No changes to save",
  CREATE_FAILED: "Failed to create user",
  DELETE_FAILED: "Failed to delete user",
  RECREATE_FAILED: "Failed to recreate user",
  SEND_EMAIL_FAILED: "Failed to send email",
  SUPPORT_EMAIL_REQUIRED: "Please fill in both subject and message",
  INVALID_EMAIL: "Invalid email address",
  PASSWORD_MIN: "Password must be at least 8 characters",
  DELETE_TARGET_REQUIRED: "Enter a user ID or an email address",
  IMPERSONATE_FAILED: "Failed to impersonate user",
  NO_IMPERSONATION_TOKEN: "No impersonation token received",
  CANNOT_IMPERSONATE_ADMIN: "Platform admins cannot be impersonated",
  REFUSED_WHILE_IMPERSONATING: "This action is not available while impersonating a user",
  IMPERSONATION_ENDED: "The impersonation ended after its hour.",
  PLATFORM_PAYPAL_NOT_CONFIGURED: "Save this environment's PayPal client ID and secret first",
  NOT_AUTHENTICATED: "Not authenticated",
} as const;

/** Spec 002 §9: price per month and seats of each paid tier (the free trial has 2 seats). */
export const SUBSCRIPTION_PLAN_CATALOG = [
  { tier: "basic", name: "Basic", priceCents: 2900, seats: 10 },
  { tier: "pro", name: "Pro", priceCents: 4999, seats: 25 },
  { tier: "enterprise", name: "Enterprise", priceCents: 9900, seats: 100 },
] as const;
export type TPaidTier = (typeof SUBSCRIPTION_PLAN_CATALOG)[number]["tier"];

export const PLATFORM_LIST_PAGE_SIZE = 20;

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
export const ADMIN_USER_ROLES = ["user", "admin", "buyer"] as const;
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

export const SUBSCRIBER_SORTS = [
  "name",
  "tier",
  "status",
  "trialEnd",
  "seatsUsed",
  "buyers",
  "leads",
] as const;
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

/** What the platform audit log records (the database column takes the same list). */
export const PLATFORM_AUDIT_ACTIONS = [
  "impersonation_start",
  "impersonation_end",
  "impersonation_refused",
  "impersonation_request",
  "company_trial_extended",
  "company_trial_exempt_changed",
  "company_tier_changed",
  "company_suspended",
  "company_reinstated",
] as const;

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
