// Call tracking (DNI): numbers swapped per visitor source on customers' sites, visits, tracking numbers,
// and calls attributed to them. The call center's inbound webhook calls attributeInboundCall.
export { attributeInboundCall, type TInboundCall, updateTrackedCall } from "./attribution";
export { registerCallTrackingPublicRoutes } from "./public-routes";
export { registerCallTrackingRoutes } from "./routes";
