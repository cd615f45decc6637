import type { Context, MiddlewareHandler } from "hono";
import type { TAppEnv, TDeps, TSessionUser } from "../app-types";
import { unauthenticated } from "../lib/app-error";

/** An impersonation session ends by itself this long after it started, whatever its cookie says. */
export const IMPERSONATION_MAX_MS = 60 * 60 * 1000;

/** Requires a signed-in user; everything tenant-scoped starts from the user this sets. */
export function requireSession(deps: Pick<TDeps, "auth">): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw unauthenticated();
    const impersonatedBy = (session.session as { impersonatedBy?: string | null }).impersonatedBy ?? null;
    if (impersonatedBy && Date.now() - new Date(session.session.createdAt).getTime() > IMPERSONATION_MAX_MS) {
      // Deleting it also writes the end to the platform audit log.
      await (await deps.auth.$context).internalAdapter.deleteSession(session.session.token);
      throw unauthenticated("Your impersonation session has ended. Please sign in again.");
    }
    c.set("user", {
      id: session.user.id,
      email: session.user.email,
      name: session.user.name,
      emailVerified: session.user.emailVerified,
    });
    c.set("sessionId", session.session.id);
    c.set("impersonatedBy", impersonatedBy);
    await next();
  };
}

export function currentUser(c: Context<TAppEnv>): TSessionUser {
  const user = c.get("user");
  if (!user) throw unauthenticated();
  return user;
}
