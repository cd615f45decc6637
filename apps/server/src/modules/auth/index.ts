/** Sign-in, sessions and passwords (better-auth), and the auth event log. */
export { CLIENT_IP_HEADER, createAuth, type TAuth } from "./auth";
export { recordAuthEvent, type TAuthEventInput } from "./auth-events";
export { registrationAttemptEmail } from "./emails";
export {
  IMPERSONATION_SECONDS,
  platformImpersonation,
  type TImpersonationEnded,
} from "./impersonation-plugin";
export { authOpenApi, withAuthEndpoints } from "./openapi";
export { hashPassword, verifyPassword } from "./password";
export { registerAuthRoutes } from "./routes";
