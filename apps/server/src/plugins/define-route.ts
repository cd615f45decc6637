import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { SETTINGS_MESSAGES } from "@leadpost/shared";
import type { MiddlewareHandler } from "hono";
import type { TAppEnv, TRouteAuthSpec } from "../app-types";
import { AppError } from "../lib/app-error";
import { API_KEY_SECURITY, apiError } from "../lib/openapi";

/** The 401 every signed-in route documents. */
export const NOT_SIGNED_IN = apiError("Not signed in");

/** The 401 every Lead API route (auth "apiKey") documents. */
export const KEY_REFUSED = apiError(
  "Missing, unknown or revoked API key, or a key sent another way than `Authorization: Bearer`",
);

/** The auth of every Settings route (/api/settings/…): owners and org admins, refused in Settings' words. */
export const SETTINGS_ADMINS = {
  auth: "company",
  roles: ["owner", "org_admin"],
  deniedMessage: SETTINGS_MESSAGES.ACCESS_DENIED,
} as const satisfies TRouteAuthSpec;

/** A route's own words for the guard's refusals (a screen that shows codes of its own). */
export type TRefusalWords = (refusal: AppError) => AppError;

/**
 * Runs the guard the composition (app.ts) put on the request for this route's declared auth; a
 * request without one is a wiring mistake, not a client's. `reword` changes only the guard's own
 * refusal, never an error of the route after it.
 */
function guardOf(spec: TRouteAuthSpec, reword?: TRefusalWords): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const guard = c.get("routeGuard");
    if (!guard) throw new Error(`no route guard on the request for ${spec.auth} route ${c.req.path}`);
    let admitted = false;
    try {
      const answer = await guard(spec)(c, () => {
        admitted = true;
        return next();
      });
      if (answer) c.res = answer;
    } catch (err) {
      throw reword && !admitted && err instanceof AppError ? reword(err) : err;
    }
  };
}

/**
 * An OpenAPI route that declares who may call it (`auth`, see TRouteAuthSpec in app-types.ts; company
 * routes may name the roles allowed and the words of their 403). Every route is declared with it: a
 * route without `auth` does not compile, and test/define-route.test.ts fails on a createRoute or a
 * path-wide auth middleware in the server. The guard runs before the request is validated, as the path
 * middleware it replaced did, and a signed-in route documents 401 "Not signed in" unless it words its own.
 * `rewordRefusal` gives the guard's refusals the route's own codes (credits: AUTH_REQUIRED…).
 */
export function defineRoute<
  P extends string,
  R extends Omit<RouteConfig, "path" | "middleware"> & { path: P },
>(route: R & TRouteAuthSpec & { rewordRefusal?: TRefusalWords }) {
  const { auth, roles, deniedMessage, rewordRefusal, ...config } = route;
  const refused = auth === "apiKey" ? KEY_REFUSED : NOT_SIGNED_IN;
  const responses: R["responses"] =
    auth === "public" ? route.responses : { 401: refused, ...route.responses };
  return createRoute({
    // The document says who may call it from the same declaration: a public route asks for nothing.
    ...(auth === "apiKey" ? { security: API_KEY_SECURITY } : auth === "public" ? { security: [] } : {}),
    ...config,
    path: route.path,
    middleware: [guardOf({ auth, roles, deniedMessage }, rewordRefusal)],
    responses,
  });
}
