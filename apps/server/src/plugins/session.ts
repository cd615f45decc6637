import type { Context, MiddlewareHandler } from "hono";
import type { TAppEnv, TDeps, TSessionUser } from "../app-types";
import { unauthenticated } from "../lib/app-error";

/** Requires a signed-in user; everything tenant-scoped starts from the user this sets. */
export function requireSession(deps: Pick<TDeps, "auth">): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw unauthenticated();
    c.set("user", {
      id: session.user.id,
      email: session.user.email,
      name: session.user.name,
      emailVerified: session.user.emailVerified,
    });
    c.set("sessionId", session.session.id);
    await next();
  };
}

export function currentUser(c: Context<TAppEnv>): TSessionUser {
  const user = c.get("user");
  if (!user) throw unauthenticated();
  return user;
}
