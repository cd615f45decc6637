/** Subscription Settings: PayPal Billing Subscriptions with the platform's plans, and their webhooks. */
export { registerSubscriptionRoutes, registerSubscriptionWebhooks } from "./routes";
