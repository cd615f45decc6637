import { z } from "zod";

export const ZSubscriptionTierSchema = z.enum(["free", "basic", "pro", "enterprise"]);
export type TSubscriptionTier = z.infer<typeof ZSubscriptionTierSchema>;
export const ZPaidTierSchema = z.enum(["basic", "pro", "enterprise"], "Choose a paid tier");

export const ZSubscriptionStateSchema = z.object({
  tier: ZSubscriptionTierSchema,
  /** active, suspended, cancelled, expired, or null before any subscription. */
  status: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  updatedAt: z.string().nullable(),
  seats: z.number(),
  trialExpiresAt: z.string().nullable(),
  trialExpired: z.boolean(),
  /** Who bills the current plan: PayPal, nobody (a tier set by the platform team), or none yet. */
  billedBy: z.enum(["paypal", "manual"]).nullable(),
});
export type TSubscriptionState = z.infer<typeof ZSubscriptionStateSchema>;

export const ZCreateSubscriptionSchema = z.object({ tier: ZPaidTierSchema });
export type TCreateSubscription = z.infer<typeof ZCreateSubscriptionSchema>;

export const ZSubscriptionCheckoutSchema = z.object({
  subscriptionId: z.string(),
  /** PayPal's approval page; the browser goes there, then comes back to the settings page. */
  approveUrl: z.string(),
});
export type TSubscriptionCheckout = z.infer<typeof ZSubscriptionCheckoutSchema>;

export const ZConfirmSubscriptionSchema = z.object({
  subscriptionId: z.string().trim().min(1, "Subscription ID is required").max(64),
});

export const ZSubscriptionConfirmResultSchema = z.object({
  /**
   * activated: this call applied the tier; already_active: an earlier call or the webhook did;
   * changed: the subscriber consented to another plan (revise) and the tier moved to it;
   * pending: approved at PayPal but not active yet (the ACTIVATED webhook applies it).
   */
  outcome: z.enum(["activated", "already_active", "changed", "pending"]),
  message: z.string(),
  subscription: ZSubscriptionStateSchema,
});
export type TSubscriptionConfirmResult = z.infer<typeof ZSubscriptionConfirmResultSchema>;

/** Cancelling at PayPal: the company is back on free (PRODUCT.md fall-back) when this answers. */
export const ZSubscriptionCancelResultSchema = z.object({
  message: z.string(),
  subscription: ZSubscriptionStateSchema,
});
export type TSubscriptionCancelResult = z.infer<typeof ZSubscriptionCancelResultSchema>;
