// The credit ledger's types, limits and texts, zod-free for the browser (schemas/credits.ts re-exports them).

export const CREDIT_TRANSACTION_TYPES = [
  "grant",
  "promo",
  "purchase",
  "consume",
  "revoke",
  "expire",
  "refund",
] as const;
export type TCreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];

/** The ledger screen shows the latest 50 entries (002 §9). */
export const CREDIT_LEDGER_LIMIT = 50;
export const CREDIT_ADJUSTMENT_MAX = 1_000_000;
/** No wallet holds more (the balance column is a 32-bit integer; this leaves ample headroom). */
export const CREDIT_BALANCE_MAX = 1_000_000_000;
export const CREDIT_CSV_COLUMNS = [
  "Date",
  "Buyer Email",
  "Amount",
  "Type",
  "Reason",
  "Notes",
  "Expires At",
] as const;
/** "CSV export is named with the date": credits-ledger-YYYY-MM-DD.csv. */
export const creditLedgerCsvFileName = (date: Date) =>
  `credits-ledger-${date.toISOString().slice(0, 10)}.csv`;

/** Error codes of the credit adjustment call (002 §8). */
export const CREDIT_ADJUSTMENT_ERROR_CODES = [
  "AUTH_REQUIRED",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "BUYER_NOT_FOUND",
  "BUYER_NOT_IN_ORG",
  "INSUFFICIENT_CREDITS",
  "INVALID_AMOUNT",
  "INVALID_BUYER_ID",
  "INVALID_REASON",
  "INVALID_EXPIRY_DATE",
  "UPDATE_FAILED",
  "TRANSACTION_LOG_FAILED",
  "PROFILE_NOT_FOUND",
  "INTERNAL_ERROR",
  "IDEMPOTENCY_KEY_REUSED",
] as const;
export type TCreditAdjustmentErrorCode = (typeof CREDIT_ADJUSTMENT_ERROR_CODES)[number];

export const CREDIT_MESSAGES = {
  AUTH_REQUIRED: "Your session has expired. Please log in again.",
  UNAUTHORIZED: "You are not authorized. Please log in again.",
  FORBIDDEN: "Only company owners and org admins can adjust credits.",
  BUYER_NOT_FOUND: "Buyer not found.",
  BUYER_NOT_IN_ORG: "This buyer belongs to a different organization.",
  INSUFFICIENT_CREDITS: "Insufficient credits: the balance cannot go below zero.",
  INVALID_AMOUNT: "Please enter a valid amount.",
  AMOUNT_ZERO: "Amount cannot be zero",
  INVALID_BUYER_ID: "Please select a buyer",
  INVALID_REASON: "Please enter a reason.",
  INVALID_EXPIRY_DATE: "The expiry date must be in the future and is only allowed when granting.",
  UPDATE_FAILED: "The balance was changed by another operation. Please refresh and retry.",
  TRANSACTION_LOG_FAILED: "The credit transaction could not be recorded; nothing was changed.",
  PROFILE_NOT_FOUND: "No company profile found for your account.",
  INTERNAL_ERROR: "An unexpected error occurred",
  IDEMPOTENCY_KEY_REUSED: "Idempotency key reused with a different request",
  EXPIRED_REASON: "Credits expired",
  BALANCE_LIMIT: "This would take the buyer's balance above 1,000,000,000 credits.",
} as const;
