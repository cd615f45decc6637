// Call tracking (DNI): numbers swapped per visitor source on customers' sites, visits, tracking numbers,
// and calls attributed to them. The call center's inbound webhook lets answerTrackedCall answer call
// tracking's own numbers first, and calls attributeInboundCall for the numbers it answers itself.
export { attributeInboundCall, type TInboundCall, updateTrackedCall } from "./attribution";
export { answerTrackedCall } from "./inbound";
export { registerCallTrackingPublicRoutes } from "./public-routes";
export { registerCallTrackingRoutes } from "./routes";
export type { TTwilioAccount, TTwilioAccountLookup } from "./twilio-request";
