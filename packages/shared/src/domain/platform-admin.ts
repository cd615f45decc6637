// The platform-admin tools' texts, plans and lists, without zod (schemas/platform-admin.ts holds the
// API shapes).

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

export const PLATFORM_LIST_PAGE_SIZE = 20;

export const ADMIN_USER_ROLES = ["user", "admin", "buyer"] as const;

export const SUBSCRIBER_SORTS = [
  "name",
  "tier",
  "status",
  "trialEnd",
  "seatsUsed",
  "buyers",
  "leads",
] as const;

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
