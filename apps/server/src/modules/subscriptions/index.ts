/** Subscription Settings: PayPal Billing Subscriptions with the platform's plans, and their webhooks. */

export { PaidThroughPayPalError, setTierByHand } from "./apply";
export { registerSubscriptionRoutes, registerSubscriptionWebhooks } from "./routes";
export { billedBy } from "./service";
