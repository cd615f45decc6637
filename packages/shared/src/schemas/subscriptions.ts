import { z } from "zod";

/** 002 §8 texts of the Subscription Settings panel. */
export const SUBSCRIPTION_MESSAGES = {
  CREATE_FAILED: "Failed to create subscription",
  PROCESS_FAILED: "Failed to process subscription",
  CREATED: "Subscription created successfully",
  CANCELLED: "Payment cancelled",
  PENDING: "Subscription approved. PayPal is activating it; your plan updates in a moment.",
  ALREADY_SUBSCRIBED: "Your company already has an active subscription",
  NO_PLAN: "Failed to create subscription: the platform has no PayPal plan for this tier yet",
  // Cancel and change plan: not in 002, designed here (docs/subscriptions.md).
  CANCEL_TITLE: "Cancel subscription?",
  CANCEL_WARNING:
    "Your company goes back to the free plan with 2 seats right away. Team members beyond the seats stay, but no one new can be invited.",
  SUBSCRIPTION_CANCELLED: "Subscription cancelled. Your company is back on the free plan.",
  CANCEL_FAILED: "Failed to cancel subscription",
  PLAN_CHANGED: "Plan changed successfully",
  CHANGE_FAILED: "Failed to change plan",
  NOT_SUBSCRIBED: "Your company has no active subscription",
  SAME_TIER: "Your company is already on this plan",
} as const;

/** 002 §9: the free trial lasts 14 days. */
export const TRIAL_DAYS = 14;

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
