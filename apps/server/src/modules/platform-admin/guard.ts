import { PLATFORM_ADMIN_MESSAGES } from "@leadpost/shared";
import type { MiddlewareHandler } from "hono";
import type { TAppEnv, TDeps } from "../../app-types";
import { forbidden } from "../../lib/app-error";
import { currentUser } from "../../plugins/session";

export function isPlatformAdminEmail(
  email: string | null | undefined,
  platformAdminEmails: string[],
): boolean {
  return Boolean(email) && platformAdminEmails.includes(String(email).trim().toLowerCase());
}

export type TPlatformAdminContext = { userId: string; email: string };

/**
 * After requireSession: only the platform admins of PLATFORM_ADMIN_EMAILS pass (403 with 003 §6's text
 * for everyone else). An impersonation session never passes, since platform admins cannot be targets.
 */
export function requirePlatformAdmin(deps: Pick<TDeps, "config">): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const user = currentUser(c);
    if (!isPlatformAdminEmail(user.email, deps.config.platformAdminEmails) || c.get("impersonatedBy")) {
      throw forbidden(PLATFORM_ADMIN_MESSAGES.NO_ACCESS);
    }
    await next();
  };
}

export function platformAdminContext(c: Parameters<typeof currentUser>[0]): TPlatformAdminContext {
  const user = currentUser(c);
  return { userId: user.id, email: user.email };
}
