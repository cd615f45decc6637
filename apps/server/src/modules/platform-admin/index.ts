/** Platform administration: developer settings, user accounts, subscribers, impersonation and its audit. */
export { recordPlatformAudit } from "./audit-log";
export * as COMPANY_USAGE from "./company-usage";
export {
  isPlatformAdminEmail,
  platformAdminContext,
  requirePlatformAdmin,
  type TPlatformAdminContext,
} from "./guard";
export { IMPERSONATION_SUPPORT_ACTIONS, impersonatedAction } from "./impersonated-actions";
export {
  endAbandonedImpersonations,
  impersonationGuard,
  recordImpersonationEnded,
} from "./impersonation";
export { platformPayPalClient, platformPayPalKey } from "./paypal-settings";
export { plainValidation } from "./plain-validation";
export { registerPlatformAdminRoutes } from "./routes";
