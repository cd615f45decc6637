// Company Settings' texts, limits and lists (team, API keys, backups, subscription, sign-in events), zod-free
// for the browser (schemas/settings.ts, team.ts, api-keys.ts, backups.ts, subscriptions.ts and auth-events.ts
// re-export them).

/** Texts of 002 §2, §5 and §8 for Company Settings. */
export const SETTINGS_MESSAGES = {
  ACCESS_DENIED: "You don't have permission to access this area. Owner or Admin role required.",
  SAVED: "Settings saved successfully",
  SAVE_FAILED: "Failed to save settings",
  LOAD_FAILED: "Failed to load settings",
  MODE_FAILED: "Failed to update mode",
  NAME_REQUIRED: "Company name is required",
  LOGO_SAVE_FIRST: "Please save company details first",
  LOGO_NOT_IMAGE: "Please upload an image file",
  LOGO_TOO_LARGE: "File size must be less than 5MB",
  LOGO_UPLOADED: "Logo uploaded successfully",
  LOGO_UPLOAD_FAILED: "Failed to upload logo",
  LOGO_UPDATE_FAILED: "Failed to update company logo",
  MAPS_KEY_INVALID: "Please enter a valid Google Maps API key",
  TWILIO_BOTH_REQUIRED: "Account SID and Auth Token are required",
  TWILIO_INVALID: "Invalid Twilio credentials",
  TWILIO_VERIFY_FAILED: "Failed to verify Twilio configuration",
  TWILIO_SAVE_FAILED: "Failed to save Twilio settings",
  RESEND_BOTH_REQUIRED: "Sender email and API key are required",
  DOMAIN_VERIFIED: "Domain Verified",
  DOMAIN_NOT_VERIFIED: "Domain Not Verified",
  PAYPAL_LIVE_VERIFIED: "Live PayPal credentials verified",
  PAYPAL_SANDBOX_VERIFIED: "Sandbox PayPal credentials verified",
  PAYPAL_LOAD_FAILED: "Failed to load PayPal configuration",
  PREFERENCES_SAVED: "Preferences updated successfully",
  PREFERENCES_SAVE_FAILED: "Failed to update preferences",
  PREFERENCES_LOAD_FAILED: "Failed to load preferences",
} as const;

/** 002 §7: what the maps key test answers, by Google's geocoding status. */
export const MAPS_TEST_STATUSES = [
  "OK",
  "ZERO_RESULTS",
  "REQUEST_DENIED",
  "OVER_QUERY_LIMIT",
  "ERROR",
] as const;
export const MAPS_TEST_MESSAGES: Record<(typeof MAPS_TEST_STATUSES)[number], string> = {
  OK: "API key is valid. Geocoding Los Angeles succeeded.",
  ZERO_RESULTS: "API key works, but the test address returned no results.",
  REQUEST_DENIED:
    "API key was rejected. Check that the Geocoding API is enabled and the key is unrestricted.",
  OVER_QUERY_LIMIT: "API key is over its query limit. Check billing and quotas.",
  ERROR: "The maps key could not be tested. Please try again.",
};
export const MAPS_KEY_MIN_LENGTH = 10;
export const CREDIT_VALUE_MIN = 0.01;
export const CREDIT_VALUE_DEFAULT = 1;

/** 002 §8 texts of the Subscription Settings panel. */
export const SUBSCRIPTION_MESSAGES = {
  CREATE_FAILED: "Failed to create subscription",
  PROCESS_FAILED: "Failed to process subscription",
  CREATED: "Subscription created successfully",
  CANCELLED: "Payment cancelled",
  PENDING: "Subscription approved. PayPal is activating it; your plan updates in a moment.",
  ALREADY_SUBSCRIBED: "Your company already has an active subscription",
  NO_PLAN: "Failed to create subscription: the platform has no PayPal plan for this tier yet",
  // Cancel and change plan: not in 002, designed here (docs/subscriptions.md).
  CANCEL_TITLE: "Cancel subscription?",
  CANCEL_WARNING:
    "Your company goes back to the free plan with 2 seats right away. Team members beyond the seats stay, but no one new can be invited.",
  SUBSCRIPTION_CANCELLED: "Subscription cancelled. Your company is back on the free plan.",
  CANCEL_FAILED: "Failed to cancel subscription",
  PLAN_CHANGED: "Plan changed successfully",
  CHANGE_FAILED: "Failed to change plan",
  NOT_SUBSCRIBED: "Your company has no active subscription",
  SAME_TIER: "Your company is already on this plan",
} as const;

/** 002 §9: the free trial lasts 14 days. */
export const TRIAL_DAYS = 14;

export const TIER_SEATS = { free: 2, basic: 10, pro: 25, enterprise: 100 } as const;

export const TEAM_MESSAGES = {
  SEAT_LIMIT:
    "All {seats} seats of your plan are in use. Upgrade your subscription to invite more team members.",
  OWNER_CANNOT_BE_REMOVED: "The company owner cannot be removed.",
  OWNER_ROLE_FIXED: "The owner's role cannot be changed here.",
  ALREADY_MEMBER: "This person is already on your team.",
  ALREADY_INVITED: "This person already has a pending invitation.",
  INVITED: "Invitation sent to {email}",
} as const;

export const API_KEY_ENVIRONMENTS = ["production", "sandbox"] as const;
export type TApiKeyEnvironment = (typeof API_KEY_ENVIRONMENTS)[number];

export const API_KEY_MESSAGES = {
  NAME_REQUIRED: "API key name is required",
  CREATED: "API key created. Copy it now: it is not shown again.",
  REVOKED: "API key revoked",
  INVALID: "Invalid or revoked API key",
  MISSING: "An API key is required (Authorization: Bearer <key>)",
  WRONG_HEADER: "Send the API key as Authorization: Bearer <key>; the X-API-Key header is not accepted.",
} as const;

export const BACKUP_MESSAGES = {
  CREATED: "Backup created successfully",
  FAILED: "Backup Failed",
  NONE: "No Backups Found",
  LOAD_FAILED: "Failed to load backup history",
  DOWNLOAD_FAILED: "Download Failed",
  INVALID_FILE: "Invalid File",
  INVALID_FORMAT: "Invalid backup file format",
  NO_FILE: "No File Selected",
  OTHER_COMPANY: "This backup belongs to another company and cannot be restored here.",
  RESTORED: "Backup restored successfully",
} as const;
export const BACKUP_HISTORY_LIMIT = 50;

export const AUTH_EVENT_TYPES = ["signup", "login", "logout"] as const;
export const AUTH_EVENT_STATUSES = ["success", "error"] as const;

export const AUTH_EVENTS_LIMIT = 100;
