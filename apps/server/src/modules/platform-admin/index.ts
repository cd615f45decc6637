/** Platform administration: developer settings, user accounts, subscribers, impersonation and its audit. */
export { isPlatformAdminEmail, requirePlatformAdmin } from "./guard";
export { recordImpersonationEnded, refuseWhileImpersonating } from "./impersonation";
export { platformPayPalClient, platformPayPalKey } from "./paypal-settings";
export { registerPlatformAdminRoutes } from "./routes";
