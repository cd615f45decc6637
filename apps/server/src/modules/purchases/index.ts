/** Buyers buying leads with credits. */
export { registerPurchaseRoutes } from "./routes";
