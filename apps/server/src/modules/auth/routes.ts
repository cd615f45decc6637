import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { TApp, TAppEnv, TDeps } from "../../app-types";
import { CLIENT_IP_HEADER } from "./auth";
import { normalizeAuthResponse } from "./auth-errors";
import { recordAuthEvent } from "./auth-events";

/** The client's address: the socket's, or the first X-Forwarded-For hop when behind a trusted proxy. */
export function clientIp(c: Context<TAppEnv>, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // in-process requests (tests) have no socket
  }
}

/**
 * Hands /api/auth/* to better-auth with a trustworthy client IP, records sign-outs, and answers its
 * errors in our error body with the spec's texts.
 */
export function registerAuthRoutes(app: TApp, deps: TDeps) {
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
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
