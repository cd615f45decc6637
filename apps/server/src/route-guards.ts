import type { MiddlewareHandler } from "hono";
import type { TAppEnv, TDeps, TRouteGuard } from "./app-types";
import { requestApiKey } from "./modules/api-keys";
import { requirePlatformAdmin } from "./modules/platform-admin";
import { requireBuyer } from "./plugins/buyer-context";
import { requireSession } from "./plugins/session";
import { requireCompanyRole } from "./plugins/tenant";

/** a, then b, then the route (b's own answer kept when it gives one). */
function both(a: MiddlewareHandler<TAppEnv>, b: MiddlewareHandler<TAppEnv>): MiddlewareHandler<TAppEnv> {
  return (c, next) =>
    a(c, async () => {
      const answer = await b(c, next);
      if (answer) c.res = answer;
    });
}

// Awaited, not returned: next() resolves to the context, which defineRoute would take for an answer.
const pass: MiddlewareHandler<TAppEnv> = async (_c, next) => {
  await next();
};

/**
 * The guard of each auth a route may declare (plugins/define-route.ts): composition, because the
 * platform admin's check lives in its module while plugins import none.
 */
export function routeGuards(deps: TDeps): TRouteGuard {
  const session = requireSession(deps);
  const anyCompanyRole = both(session, requireCompanyRole(deps));
  const buyer = requireBuyer(deps);
  const admin = both(session, requirePlatformAdmin(deps));
  // A Lead API route runs only with a key that is its company's and not revoked (401 otherwise).
  const apiKey: MiddlewareHandler<TAppEnv> = async (c, next) => {
    c.set("apiKeyCaller", await requestApiKey(deps, c));
    await next();
  };
  return (spec) => {
    switch (spec.auth) {
      case "public":
        return pass;
      case "apiKey":
        return apiKey;
      case "user":
        return session;
      case "buyer":
        return buyer;
      case "admin":
        return admin;
      case "company":
        return spec.roles || spec.deniedMessage
          ? both(session, requireCompanyRole(deps, spec.roles, spec.deniedMessage))
          : anyCompanyRole;
    }
  };
}
