import { FORM_MESSAGES } from "@leadpost/shared";
import { ApiError, TIMEOUT_ERROR_CODE } from "@/lib/api-error";

/** The submit-path texts of 001 §8. */
export const SUBMIT_MESSAGES = {
  TIMEOUT: "Request timed out. Please check your connection and try again.",
  NETWORK: "Network error. Please check your connection.",
  INVALID: FORM_MESSAGES.INVALID_DATA,
  FORBIDDEN: "Access denied. Please contact support.",
  FALLBACK: "Failed to submit form. Please try again.",
  NO_FORM_ID: "Form configuration error - missing form ID",
} as const;

export const LOAD_MESSAGES = {
  ERROR: "Error loading form",
  NOT_FOUND: FORM_MESSAGES.NOT_FOUND_OR_UNPUBLISHED,
  CONFIGURATION: "Form configuration error - please contact support",
} as const;

/** The one text a visitor sees for a failed submit. */
export function submitErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SUBMIT_MESSAGES.FALLBACK;
  if (error.code === TIMEOUT_ERROR_CODE) return SUBMIT_MESSAGES.TIMEOUT;
  if (error.isNetworkError) return SUBMIT_MESSAGES.NETWORK;
  if (error.status === 422) return SUBMIT_MESSAGES.INVALID;
  if (error.status === 403) return SUBMIT_MESSAGES.FORBIDDEN;
  return error.message || SUBMIT_MESSAGES.FALLBACK;
}

/** Retrying the same answers after a lost answer must reuse the key; a refused submit gets a new one. */
export function keepsIdempotencyKey(error: unknown): boolean {
  return error instanceof ApiError && (error.isNetworkError || error.status >= 500);
}
