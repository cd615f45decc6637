/**
 * The closed catalogue of the API's error codes: each code's HTTP status and the message a user sees
 * when the throw gives none. The server's AppError takes only a code from here, so a status is never
 * chosen at a throw site (docs/api-errors.md lists them; apps/server/test/error-catalogue.test.ts keeps
 * that page current). Messages a throw passes itself are the spec's texts for that case.
 *
 * Codes better-auth answers on its own endpoints (INVALID_EMAIL_OR_PASSWORD, ...) are its own.
 */
export const ERROR_CATALOGUE = {
  // Generic
  BAD_REQUEST: { status: 400, message: "The request could not be read." },
  BALANCE_LIMIT: { status: 400, message: "The balance cannot go above its maximum." },
  INVALID_CHARACTERS: { status: 400, message: "The request contains characters that cannot be stored." },
  WEBHOOK_INVALID: { status: 400, message: "The webhook could not be verified." },
  UNAUTHENTICATED: { status: 401, message: "Please sign in to continue." },
  AUTH_REQUIRED: { status: 401, message: "Your session has expired. Please log in again." },
  IMPERSONATION_ENDED: { status: 401, message: "The impersonation session has ended." },
  INSUFFICIENT_CREDITS: { status: 402, message: "Not enough credits." },
  PAYMENT_FAILED: { status: 402, message: "The payment failed." },
  FORBIDDEN: { status: 403, message: "You do not have permission to do this." },
  CROSS_ORIGIN_REQUEST: { status: 403, message: "This request must come from the Leadpost app itself." },
  NO_COMPANY: { status: 403, message: "No company associated with your account" },
  COMPANY_SUSPENDED: { status: 403, message: "This company is suspended." },
  NO_BUYER: { status: 403, message: "You are not a lead buyer." },
  BUYER_INACTIVE: { status: 403, message: "This buyer account is not active." },
  PROFILE_NOT_FOUND: { status: 403, message: "Your profile was not found." },
  TIER_LIMIT: { status: 403, message: "Your plan does not allow this." },
  INVITATION_OTHER_EMAIL: { status: 403, message: "This invitation was sent to another e-mail address." },
  CANNOT_IMPERSONATE_ADMIN: { status: 403, message: "Platform admins cannot be impersonated." },
  IMPERSONATION_FORBIDDEN: { status: 403, message: "This is not allowed while impersonating." },
  /** The buyer-account sign-up is not set up for this user (auth messages). */
  NOT_CONFIGURED: { status: 403, message: "Your account is not configured. Please contact support." },
  NOT_FOUND: { status: 404, message: "Not found" },
  BUYER_NOT_FOUND: { status: 404, message: "Buyer not found." },
  BUYER_NOT_IN_ORG: { status: 404, message: "Buyer not found in your company." },
  INVITATION_INVALID: { status: 404, message: "This invitation is invalid or has expired." },
  CONFLICT: { status: 409, message: "This conflicts with the current state. Please reload and try again." },
  ALREADY_PURCHASED: { status: 409, message: "You already bought this lead." },
  SOLD_OUT: { status: 409, message: "This lead is no longer available." },
  /** A purchase over the buyer's daily spend cap (decide/caps.ts). */
  SPEND_CAP_REACHED: { status: 409, message: "This purchase would go over your daily spend cap." },
  ALREADY_RETURNED: { status: 409, message: "This lead was already returned." },
  NOT_RETURNABLE: { status: 409, message: "This lead cannot be returned." },
  RETURN_ALREADY_DECIDED: { status: 409, message: "This return was already decided." },
  RETURN_WINDOW_CLOSED: { status: 409, message: "The return window has passed." },
  BUYER_HAS_CREDITS: { status: 409, message: "This buyer still has credits." },
  BUYER_HAS_PREPAID_LEADS: { status: 409, message: "This buyer still has prepaid leads." },
  NICHE_IN_USE: { status: 409, message: "Buyers still use this niche." },
  EMAIL_NOT_FAILED: { status: 409, message: "Only a failed message can be resent." },
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: "Idempotency key reused with a different request" },
  INVITATION_USED: { status: 409, message: "This invitation was already used." },
  USER_EXISTS: { status: 409, message: "An account with this email already exists." },
  SEAT_LIMIT: { status: 409, message: "All seats of your plan are taken." },
  LIMIT_REACHED: { status: 409, message: "The limit has been reached." },
  UPDATE_FAILED: { status: 409, message: "The update failed. Please try again." },
  PAYMENT_CANCELLED: { status: 409, message: "The payment was cancelled." },
  /** The company's Twilio account is not connected (call center). */
  TWILIO_NOT_CONFIGURED: { status: 409, message: "Twilio is not configured." },
  PAYPAL_NOT_CONFIGURED: { status: 409, message: "PayPal is not configured." },
  /** PayPal answered that a subscription is not active (not yet approved, or ended). */
  SUBSCRIPTION_NOT_ACTIVE: { status: 409, message: "The subscription is not active at PayPal." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "The request body is too large." },
  VALIDATION_FAILED: { status: 422, message: "Some fields are invalid." },
  NAME_MISMATCH: { status: 422, message: "The name does not match." },
  INVALID_BUYER_ID: { status: 422, message: "Choose a valid buyer." },
  INVALID_AMOUNT: { status: 422, message: "Enter a valid amount." },
  INVALID_REASON: { status: 422, message: "Enter a reason." },
  INVALID_EXPIRY_DATE: { status: 422, message: "Enter a valid expiry date." },
  RATE_LIMITED: { status: 429, message: "Too many requests. Please wait and try again." },
  INTERNAL: { status: 500, message: "An unexpected error occurred. Please try again." },
  TRANSACTION_LOG_FAILED: { status: 500, message: "The transaction could not be recorded." },
  RECREATE_FAILED: { status: 500, message: "Failed to recreate user" },
  /** PayPal failed or answered something unexpected. */
  PAYPAL_ERROR: { status: 502, message: "PayPal could not complete the request. Please try again." },
  PAYMENT_PROVIDER_ERROR: { status: 502, message: "The payment provider could not complete the request." },
  RECORDING_UNAVAILABLE: { status: 502, message: "The recording could not be fetched." },
  STORAGE_FAILED: { status: 502, message: "The file could not be stored. Please try again." },
  TEST_FAILED: { status: 502, message: "The test failed." },
  UNAVAILABLE: { status: 503, message: "The service is unavailable. Please try again." },
  FORM_CLOSED: { status: 503, message: "This form is not accepting submissions right now." },
} as const satisfies Record<string, { status: TErrorStatus; message: string }>;

/** The statuses an error may answer with. */
export type TErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503;
export type TErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as TErrorCode[];

/** The HTTP status a code answers with. */
export const errorStatus = <C extends TErrorCode>(code: C): (typeof ERROR_CATALOGUE)[C]["status"] =>
  ERROR_CATALOGUE[code].status;
