import { ZHealthSchema, ZSignInOptionsSchema, ZVersionSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { pingDatabase } from "../../db/client";
import { apiError, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { devMailboxEnabled } from "../email";

// Every request's body is limited (app.ts), these bodiless reads' too.
const TOO_LARGE = "The request body is too large";

const healthRoute = defineRoute({
  auth: "public",
  method: "get",
  path: "/api/health",
  tags: ["System"],
  summary: "Liveness and database check",
  responses: {
    200: jsonContent(ZHealthSchema, "Healthy"),
    413: apiError(TOO_LARGE),
    503: jsonContent(ZHealthSchema, "Database unreachable"),
  },
});

const versionRoute = defineRoute({
  auth: "public",
  method: "get",
  path: "/version.json",
  tags: ["System"],
  summary: "The running build's version; the web app polls it to offer a reload",
  responses: {
    200: jsonContent(ZVersionSchema, "Version"),
    413: apiError(TOO_LARGE),
    500: apiError("Error"),
  },
});

const signInOptionsRoute = defineRoute({
  auth: "public",
  method: "get",
  path: "/api/sign-in-options",
  tags: ["System"],
  summary: "Which ways of signing in are configured (Google only with a client id and secret)",
  responses: {
    200: { description: "Options", content: { "application/json": { schema: ZSignInOptionsSchema } } },
    413: apiError(TOO_LARGE),
  },
});

export function registerSystemRoutes(app: TApp, deps: TDeps) {
  app.openapi(healthRoute, async (c) => {
    const base = {
      version: deps.version.version,
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
      devMailbox: devMailboxEnabled(deps.config),
    };
    try {
      const latencyMs = await pingDatabase(deps.database.db);
      const database = { ok: true, kind: deps.database.kind, latencyMs: Math.round(latencyMs * 100) / 100 };
      return c.json({ status: "ok" as const, database, ...base }, 200);
    } catch (err) {
      c.get("log").error({ err }, "health check: database unreachable");
      const database = { ok: false, kind: deps.database.kind, latencyMs: -1 };
      return c.json({ status: "degraded" as const, database, ...base }, 503);
    }
  });

  app.openapi(versionRoute, (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(deps.version, 200);
  });

  app.openapi(signInOptionsRoute, (c) => c.json({ google: deps.config.google !== null }, 200));
}
