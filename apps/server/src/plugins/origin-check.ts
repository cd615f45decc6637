import type { MiddlewareHandler } from "hono";
import type { TAppEnv } from "../app-types";
import { AppError } from "../lib/app-error";
import type { TConfig } from "../lib/config";

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins the product itself is served from: PUBLIC_URL's, and outside production the other
 * loopback spellings of it (a developer opens 127.0.0.1 while PUBLIC_URL says localhost).
 */
export function productOrigins(config: Pick<TConfig, "publicUrl" | "isProduction">): string[] {
  const url = new URL(config.publicUrl);
  const origins = [url.origin];
  if (!config.isProduction && LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      const other = new URL(url.origin);
      other.hostname = host;
      if (!origins.includes(other.origin)) origins.push(other.origin);
    }
  }
  return origins;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// better-auth's session cookie, with or without the __Secure- prefix it uses over HTTPS.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=/;

/**
 * Cross-site request forgery: a state-changing call that carries the session cookie must come from
 * the product's own pages. `Origin` must be one of productOrigins(); without it, `Sec-Fetch-Site` must
 * be same-origin (or none: typed by the user). Calls with neither (scripts, other servers) and calls
 * without the session cookie (API keys, anonymous public forms, webhooks) are not browser sessions
 * and pass. A refusal happens before any handler runs, so nothing changes.
 */
export function originCheck(config: Pick<TConfig, "publicUrl" | "isProduction">): MiddlewareHandler<TAppEnv> {
  const allowed = new Set(productOrigins(config));
  const message = `This request came from another site and was refused. Open Leadpost at ${new URL(config.publicUrl).origin} and try again.`;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (!SESSION_COOKIE.test(c.req.header("cookie") ?? "")) return next();
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new AppError("CROSS_ORIGIN_REQUEST", message);
      return next();
    }
    const site = c.req.header("sec-fetch-site");
    if (site !== undefined && site !== "same-origin" && site !== "none") {
      throw new AppError("CROSS_ORIGIN_REQUEST", message);
    }
    return next();
  };
}
