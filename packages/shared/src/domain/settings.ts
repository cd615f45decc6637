// Company Settings' texts and limits (the page, its General, Payment, Email, Twilio and Maps tabs, and the
// subscription panel's tiers and texts), zod-free for the browser (schemas/settings.ts re-exports them). The
// Team, API Keys and Backup tabs and the sign-in history have theirs in modules of their own (team.ts,
// api-keys.ts, backups.ts, auth-events.ts), so a tab's texts load with that tab only.

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

/** Spec 002 §9: price per month and seats of each paid tier (the free trial has 2 seats). */
export const SUBSCRIPTION_PLAN_CATALOG = [
  { tier: "basic", name: "Basic", priceCents: 2900, seats: 10 },
  { tier: "pro", name: "Pro", priceCents: 4999, seats: 25 },
  { tier: "enterprise", name: "Enterprise", priceCents: 9900, seats: 100 },
] as const;
export type TPaidTier = (typeof SUBSCRIPTION_PLAN_CATALOG)[number]["tier"];
