// Call tracking's (002) texts and lists, without zod: the screen reads them without the schemas
// (schemas/call-tracking.ts re-exports them).

export const CALL_TRACKING_MESSAGES = {
  PHONE_TOO_SHORT: "Phone number must be at least 10 digits",
  STATIC_TOO_SHORT: "Static number must be at least 10 digits",
  STATIC_FIRST: "Please enter the static number first",
  REQUIRED_FIELDS: "Please fill in all required fields",
  DNI_UPDATED: "DNI number updated successfully",
  DNI_ADDED: "DNI number added successfully",
  DNI_UPDATE_FAILED: "Failed to update DNI number",
  DNI_ADD_FAILED: "Failed to add DNI number",
  DNI_FETCH_FAILED: "Failed to fetch DNI numbers",
  SESSIONS_FETCH_FAILED: "Failed to fetch DNI sessions",
  DNI_DELETE_FAILED: "Failed to delete DNI number",
  DNI_DELETED: "DNI number deleted",
  TRACKING_CREATED: "Tracking number created successfully",
  TRACKING_CREATE_FAILED: "Error creating tracking number: {message}",
  TRACKING_DELETED: "Tracking number deleted successfully",
  TRACKING_DELETE_FAILED: "Error deleting tracking number: {message}",
  NOT_FOUND: "Not found",
  PERMISSION: "Permission denied. You must be an owner or admin to change call tracking.",
  UNKNOWN_NUMBER: "Choose one of your company's phone numbers.",
  INVALID_PHONE: "Enter a valid phone number, such as (555) 123-4567.",
  DNI_DUPLICATE: "This tracking number is already set up for this source.",
} as const;

/** 002 §9: tracking number sources. */
export const TRACKING_SOURCES = ["google_ads", "facebook", "organic", "direct", "referral", "all"] as const;
/** 002 §9: analytics periods in days (7 by default). */
export const CALL_TRACKING_PERIODS = [1, 7, 30, 90] as const;
export const DNI_SESSIONS_LIMIT = 100;
export const RECENT_TRACKED_CALLS = 10;
