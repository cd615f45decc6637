import { createRoute } from "@hono/zod-openapi";
import { ZApiErrorSchema, ZHealthSchema, ZVersionSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { pingDatabase } from "../../db/client";

const healthRoute = createRoute({
  method: "get",
  path: "/api/health",
  tags: ["System"],
  summary: "Liveness and database check",
  responses: {
    200: { description: "Healthy", content: { "application/json": { schema: ZHealthSchema } } },
    503: { description: "Database unreachable", content: { "application/json": { schema: ZHealthSchema } } },
  },
});

const versionRoute = createRoute({
  method: "get",
  path: "/version.json",
  tags: ["System"],
  summary: "The running build's version; the web app polls it to offer a reload",
  responses: {
    200: { description: "Version", content: { "application/json": { schema: ZVersionSchema } } },
    500: { description: "Error", content: { "application/json": { schema: ZApiErrorSchema } } },
  },
});

export function registerSystemRoutes(app: TApp, deps: TDeps) {
  app.openapi(healthRoute, async (c) => {
    const base = {
      version: deps.version.version,
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
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
}
