/** PayPal payments: settings, checkout, capture and webhooks. */
export { registerPaymentRoutes } from "./routes";
