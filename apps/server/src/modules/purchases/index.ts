/** Buyers buying leads with credits. */
export { registerPurchaseRoutes } from "./routes";
export { purchaseLeadWithCredit } from "./service";
