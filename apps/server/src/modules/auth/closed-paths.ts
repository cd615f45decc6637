/** better-auth endpoints this product closes: users come only from registration, invitations and platform admins. */
export const CLOSED_AUTH_PATHS = new Set(["/api/auth/sign-up/email"]);
