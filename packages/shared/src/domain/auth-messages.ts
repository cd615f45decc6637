// The account flows' texts (spec 000 §5.2 and §8), without zod: pages show them before any rule loads.

/** The 000 §8 texts for the codes the auth service answers with. */
export const AUTH_ERROR_MESSAGES = {
  INVALID_EMAIL_OR_PASSWORD: "Invalid email or password. Please check your credentials and try again.",
  EMAIL_NOT_VERIFIED: "Your email has not been verified. Please check your inbox for the verification link",
  LOGIN_FAILED: "Login failed. Please try again in a moment or reset your password.",
  NO_USER: "Login succeeded but no user data was returned. Please try again.",
  COMPANY_EXISTS: "A company with this email already exists. Please use a different email or try logging in.",
  USER_EXISTS: "An account with this email already exists. Please try logging in instead.",
  INVALID_EMAIL: "Please provide a valid email address.",
  PASSWORD_TOO_SHORT: "Password must be at least 8 characters long.",
  EMAIL_RATE_LIMIT: "Too many emails sent. Please wait a few minutes before trying again.",
  NOT_CONFIGURED: "Your account is not properly configured. Please contact support.",
  NOT_A_BUYER: "This account is not a lead buyer account",
} as const;

/** Reset and one-time-code flows (000 §5.2 and §8). */
export const RESET_MESSAGES = {
  PASSWORD_MIN: "Password must be at least 6 characters",
  PASSWORDS_DIFFER: "Passwords do not match",
  NO_SPACES: "Leading and trailing spaces are not allowed",
  LINK_INVALID: "This reset link is invalid or has already been used.",
  LINK_EXPIRED: "This reset link has expired. Reset links are valid for 1 hour.",
  LINK_INCOMPLETE: "This reset link is incomplete. Please use the full link from the e-mail.",
  NO_SESSION: "Your reset session could not be found. Please request a new reset link.",
  CODE_REQUIRED: "Code is required",
  CODE_INVALID: "Invalid or expired code. Please check the code or request a new one.",
  CODE_ATTEMPTS: "Too many attempts. Please request a new code.",
} as const;
