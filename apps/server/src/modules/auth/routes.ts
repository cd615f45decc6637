import type { TApp, TDeps } from "../../app-types";
import { clientIp } from "../../plugins/client-ip";
import { errorResponse } from "../../plugins/errors";
import { CLIENT_IP_HEADER } from "./auth";
import { normalizeAuthResponse } from "./auth-errors";
import { recordAuthEvent } from "./auth-events";

import { CLOSED_AUTH_PATHS } from "./closed-paths";

/**
 * Hands /api/auth/* to better-auth with a trustworthy client IP, records sign-outs, and answers its
 * errors in our error body with the spec's texts.
 */
export function registerAuthRoutes(app: TApp, deps: TDeps) {
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    // Users come only from company registration, invitations and platform admins: the auth library's
    // own open sign-up would make users that belong to no company.
    if (CLOSED_AUTH_PATHS.has(c.req.path)) {
      return errorResponse(c, "NOT_FOUND", `No API route for ${c.req.method} ${c.req.path}`);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, deps.config.trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    const request = new Request(c.req.raw, { headers });

    const isSignOut = c.req.method === "POST" && c.req.path === "/api/auth/sign-out";
    const session = isSignOut ? await deps.auth.api.getSession({ headers }).catch(() => null) : null;
    const response = await normalizeAuthResponse(
      await deps.auth.handler(request).catch((err: unknown) => {
        // Thrown failures (database down) get the same body as the service's own 500s.
        c.get("log")?.error({ err }, "auth service failed");
        return Response.json({ code: "INTERNAL" }, { status: 500 });
      }),
      c.req.path.slice("/api/auth".length),
      c.get("requestId"),
    );
    if (isSignOut && session) {
      await recordAuthEvent(deps.database.db, deps.logger, {
        eventType: "logout",
        status: response.ok ? "success" : "error",
        email: session.user.email,
        userId: session.user.id,
        errorMessage: response.ok ? null : `sign-out answered ${response.status}`,
        ipAddress: ip,
        userAgent: c.req.header("user-agent") ?? null,
      });
    }
    return response;
  });
}
