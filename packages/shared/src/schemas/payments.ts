import { z } from "zod";

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

export const ZCreateCreditOrderSchema = z.object({
  packId: z.enum(CREDIT_PACK_IDS),
  quantity: z.number().int().min(1).max(999),
});
export type TCreateCreditOrder = z.infer<typeof ZCreateCreditOrderSchema>;

export const ZCreditOrderSchema = z.object({
  /** PayPal's order id (PayPal returns it as token=<id> after approval). */
  id: z.string(),
  status: z.string(),
  credits: z.number(),
  amount: z.string(),
  currency: z.string(),
  approveUrl: z.string().nullable(),
});
export type TCreditOrder = z.infer<typeof ZCreditOrderSchema>;

export const PAYMENT_ORDER_STATUSES = ["created", "completed", "pending", "declined", "failed"] as const;
export const ZCaptureResultSchema = z.object({
  status: z.enum(PAYMENT_ORDER_STATUSES),
  /** Credits added by this order (0 unless completed). */
  credits: z.number(),
  newBalance: z.number(),
  /** True when the order had already been settled (by an earlier capture or the webhook). */
  idempotent: z.boolean(),
});
export type TCaptureResult = z.infer<typeof ZCaptureResultSchema>;

const ZModeSchema = z.enum(["sandbox", "live"]);
export const ZPayPalSettingsUpdateSchema = z.object({
  mode: ZModeSchema,
  clientId: z.string().trim().min(10).max(200),
  /** Omitted keeps the stored secret. */
  secret: z.string().trim().min(10).max(300).optional(),
  webhookId: z.string().trim().max(100).nullish(),
});
export type TPayPalSettingsUpdate = z.infer<typeof ZPayPalSettingsUpdateSchema>;

const ZPayPalAppSchema = z.object({
  clientId: z.string().nullable(),
  /** Only the last four characters ever leave the server. */
  secretLast4: z.string().nullable(),
  webhookId: z.string().nullable(),
});
export const ZPayPalSettingsSchema = z.object({
  mode: ZModeSchema,
  sandbox: ZPayPalAppSchema,
  live: ZPayPalAppSchema,
  configured: z.boolean(),
  webhookUrl: z.string(),
});
export type TPayPalSettings = z.infer<typeof ZPayPalSettingsSchema>;
