/** PayPal payments: settings, checkout, capture and webhooks. */
export { registerPaymentRoutes } from "./routes";
export {
  payPalWebhookHeaders,
  recordPayPalEventOnce,
  type TWebhookApp,
  verifiedPayPalEvent,
} from "./webhook-intake";
