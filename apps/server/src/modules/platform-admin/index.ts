/** Platform administration: developer settings, user accounts, subscribers, impersonation and its audit. */
export { isPlatformAdminEmail, requirePlatformAdmin } from "./guard";
export { IMPERSONATION_SUPPORT_ACTIONS, impersonatedAction } from "./impersonated-actions";
export {
  endAbandonedImpersonations,
  impersonationGuard,
  recordImpersonationEnded,
} from "./impersonation";
export { platformPayPalClient, platformPayPalKey } from "./paypal-settings";
export { registerPlatformAdminRoutes } from "./routes";
