/** Routing decides which buyers get a lead (leads stores them). */
export { registerRoutingRoutes } from "./routes";
export { queueBatchNotices, routeLead, type TNoticeBatch, type TRoutingOutcome } from "./routing-hook";
