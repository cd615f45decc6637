import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { TAppEnv } from "../app-types";

/**
 * Third-party origins the web app really talks to: the buyers map's tiles, styles, fonts and sprites
 * (Mapbox with a "pk." token, else MapTiler; features/buyers-map/map-style.ts). PayPal checkout is a
 * top-level redirect, so no payment origin needs to be allowed to run or load anything here.
 */
export const MAP_ORIGINS = [
  "https://api.mapbox.com",
  "https://*.tiles.mapbox.com",
  "https://events.mapbox.com",
  "https://api.maptiler.com",
];

export type TCspOptions = {
  /** 'sha256-…' sources of the page's own inline scripts (the theme script in index.html). */
  scriptHashes?: string[];
  /** Who may frame the page: nobody (default), any site ("*"), or the product itself and these origins. */
  frameAncestors?: string[] | "*" | null;
};

/** Only the product's own scripts; images from https (form images may live on any site). */
export function contentSecurityPolicy(opts: TCspOptions = {}): string {
  const ancestors =
    opts.frameAncestors === "*"
      ? "*"
      : opts.frameAncestors
        ? ["'self'", ...opts.frameAncestors].join(" ")
        : "'none'";
  return [
    "default-src 'self'",
    `script-src 'self'${(opts.scriptHashes ?? []).map((h) => ` '${h}'`).join("")}`,
    // React and the map library set style attributes; no script can run from a style.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // Call recordings and voicemails play from Twilio's (or the storage's) https addresses.
    "media-src 'self' blob: https:",
    `connect-src 'self' ${MAP_ORIGINS.join(" ")}`,
    // The map library runs its tile workers from blob: URLs.
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join("; ");
}

/** The CSP hash sources of every inline <script> (no src) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) =>
      `sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}`,
  );
}

/** Sets the framing headers that go with a policy: X-Frame-Options for browsers without CSP 3. */
export function setHtmlSecurityHeaders(headers: Headers, opts: TCspOptions = {}) {
  headers.set("Content-Security-Policy", contentSecurityPolicy(opts));
  if (opts.frameAncestors) headers.delete("X-Frame-Options");
  else headers.set("X-Frame-Options", "DENY");
}

/**
 * Every HTML answer gets a content security policy and frame protection, unless its handler already
 * set its own (the web app's pages do, with their inline-script hashes and, for the public form,
 * the origins allowed to frame it). Referrer-Policy, X-Content-Type-Options and, in production, HSTS
 * come from hono's secureHeaders for every answer (app.ts).
 */
export function htmlSecurityHeaders(): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get("content-type") ?? "";
    if (!type.startsWith("text/html") || c.res.headers.has("Content-Security-Policy")) return;
    setHtmlSecurityHeaders(c.res.headers, {});
  };
}
