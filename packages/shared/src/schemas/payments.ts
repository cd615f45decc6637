import { z } from "zod";
import { CREDIT_PACK_IDS, PAYMENT_ORDER_STATUSES } from "../domain/payments";

// Packs, currency and texts in a file of their own (no zod): pages read them without the schemas.
export * from "../domain/payments";

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
