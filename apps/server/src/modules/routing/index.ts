/** Routing decides which buyers get a lead (leads stores them). */
export { registerRoutingRoutes } from "./routes";
export { routeLead, type TRoutingOutcome } from "./routing-hook";
