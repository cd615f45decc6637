import type { z } from "@hono/zod-openapi";
import { ZApiErrorSchema } from "@leadpost/shared";

/** A JSON response or request body entry for createRoute. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** A failure answered with the shared error body. */
export const apiError = (description: string) => jsonContent(ZApiErrorSchema, description);

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** How an operation is authenticated: the signed-in session's cookie, or a company API key. */
export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description: "The session cookie set by signing in (`__Secure-` prefixed over HTTPS).",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    description:
      "A company API key from Settings → API Keys, sent as `Authorization: Bearer lp_live_…` (a sandbox key: `lp_test_…`). The only way to pass a key: another header (such as `X-API-Key`) is refused with 401.",
  },
} as const;
export const SESSION_SECURITY = [{ sessionCookie: [] }];
export const API_KEY_SECURITY = [{ apiKey: [] }];

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

/** getBuyersByBuyerId for GET /api/buyers/{buyerId}. */
export function operationIdFor(method: string, path: string) {
  const words = path
    .replace(/^\/api\//, "/")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return (param ? ["by", param[1]!] : [segment]).flatMap((s) => s.split(/[^A-Za-z0-9]+/));
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

type TOperation = { operationId?: string; security?: unknown[] };
type TDocument = {
  servers?: { url: string; description?: string }[];
  components?: object;
  paths?: object;
};

/**
 * Finishes the generated document for every module at once: the server, the security schemes, and
 * for each operation an operationId (derived from method and path unless the route names one) and
 * its security: what the route's `defineRoute` declared (a public route none, an API-key route the
 * key), else the session cookie.
 */
export function completeOpenApiDocument<T extends TDocument>(doc: T, serverUrl: string): T {
  doc.servers = [{ url: serverUrl, description: "This server" }];
  doc.components = { ...doc.components, securitySchemes: SECURITY_SCHEMES };
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const method of METHODS) {
      const op = item[method] as TOperation | undefined;
      if (!op) continue;
      op.operationId ??= operationIdFor(method, path);
      op.security ??= SESSION_SECURITY;
    }
  }
  return doc;
}
