import { isApiError } from "@/lib/api-error";

// Spec 000 §6 and §8.
export const LOGIN_MESSAGES = {
  invalidCredentials: "Invalid email or password. Please check your credentials and try again.",
  emailNotVerified: "Your email has not been verified. Please check your inbox for the verification link",
  internal: "Login failed. Please try again in a moment or reset your password.",
  noUser: "Login succeeded but no user data was returned. Please try again.",
  notBuyer: "This account is not a lead buyer account",
  buyerNotActive: "Your lead buyer account is not active. Please contact the company you buy leads from.",
} as const;

export const LOGIN_RETRY_DELAY_MS = 600;

/** The auth service failed on its side (or could not be reached): worth one retry. */
export function isInternalLoginError(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/** The spec's message for a failed sign-in. */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error) || isInternalLoginError(error)) return LOGIN_MESSAGES.internal;
  if (error.code === "EMAIL_NOT_VERIFIED") return LOGIN_MESSAGES.emailNotVerified;
  if (
    error.status === 401 ||
    error.code === "INVALID_EMAIL_OR_PASSWORD" ||
    error.code === "INVALID_EMAIL" ||
    error.code === "INVALID_PASSWORD"
  ) {
    return LOGIN_MESSAGES.invalidCredentials;
  }
  // Rate limits and anything else the server explains itself.
  return error.message;
}
