// Credit packs and payment texts (003 §8, §9), without zod (schemas/payments.ts holds the API shapes).

/** Credit packs (003 §9): N credits for N US dollars, bought 1 to 999 at a time. */
export const CREDIT_PACKS = [
  { id: "pack_10", credits: 10, priceCents: 1000, label: "10 credit pack" },
  { id: "pack_25", credits: 25, priceCents: 2500, label: "25 credit pack" },
  { id: "pack_50", credits: 50, priceCents: 5000, label: "50 credit pack" },
] as const;
export type TCreditPackId = (typeof CREDIT_PACKS)[number]["id"];
export const CREDIT_PACK_IDS = CREDIT_PACKS.map((p) => p.id) as [TCreditPackId, ...TCreditPackId[]];
export const PAYMENT_CURRENCY = "USD";

/** Texts of 003 §8 for payments. */
export const PAYMENT_MESSAGES = {
  CREATE_FAILED: "Failed to create order",
  COMPLETE_FAILED: "Failed to complete purchase",
  PAYMENT_FAILED: "Payment failed. Please try again.",
  PAYPAL_NOT_CONFIGURED: "PayPal Not Configured",
  PAYMENT_NOT_CONFIGURED:
    "The administrator must set up PayPal or Stripe credentials in Owner Settings, Payment tab.",
  ORDER_NOT_FOUND: "Order not found",
  PAYMENT_PENDING: "Your payment is pending at PayPal; credits are added when it completes.",
  WEBHOOK_INVALID: "Webhook signature could not be verified",
  PACK_REASON: "Credit pack purchase",
  /** Why PayPal failed, in words (the toast's title says what failed: CREATE_FAILED, COMPLETE_FAILED). */
  PAYPAL_UNREACHABLE: "PayPal could not be reached. Please try again in a few minutes.",
  PAYPAL_UNAVAILABLE: "PayPal is not answering properly right now. Please try again in a few minutes.",
  PAYPAL_CREDENTIALS_REFUSED:
    "PayPal refused the company's PayPal credentials. An administrator must check them in Owner Settings, Payment tab.",
  PAYPAL_REFUSED: "PayPal refused the request. Please try again, or contact support if it keeps happening.",
} as const;

export const PAYMENT_ORDER_STATUSES = ["created", "completed", "pending", "declined", "failed"] as const;
