import { z } from "zod";
import { ZIdempotencyKeySchema } from "./forms";

/** Texts of 003 §8 for purchases with credits (the web shows them as toasts). */
export const PURCHASE_MESSAGES = {
  INSUFFICIENT_CREDITS: "Please ask your organization to purchase more credits.",
  ALREADY_PURCHASED: "You have already purchased this lead.",
  LEAD_ALREADY_PURCHASED: "Lead Already Purchased",
  SOLD_OUT: "This lead is sold out.",
  NOT_FOUND: "Lead not found",
  KEY_REUSED: "Idempotency key reused with a different request",
  REASON: "Lead purchase",
} as const;

/** purchase-lead-with-credit (003 §7): the key makes a repeated click or retry buy once. */
export const ZPurchaseLeadSchema = z.object({
  leadId: z.uuid(),
  idempotencyKey: ZIdempotencyKeySchema,
});
export type TPurchaseLead = z.infer<typeof ZPurchaseLeadSchema>;

export const ZPurchaseLeadResultSchema = z.object({
  success: z.literal(true),
  newBalance: z.number(),
  /** True when this buyer had already bought the lead: nothing was charged again. */
  idempotent: z.boolean(),
  creditsSpent: z.number(),
  leadId: z.string(),
});
export type TPurchaseLeadResult = z.infer<typeof ZPurchaseLeadResultSchema>;
