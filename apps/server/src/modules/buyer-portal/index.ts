/** The buyer portal: available leads, my leads, account. */
export { registerBuyerPortalRoutes } from "./routes";
