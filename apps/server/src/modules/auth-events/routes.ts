import { z } from "@hono/zod-openapi";
import { ZAuthEventSchema, ZAuthEventsQuerySchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { listAuthEvents } from "./service";

const listRoute = defineRoute({
  auth: "company",
  roles: ["owner", "org_admin"],
  method: "get",
  path: "/api/auth-events",
  tags: ["Settings"],
  summary: "The company's sign-up, login and logout events, newest first (at most 100)",
  request: { query: ZAuthEventsQuerySchema },
  responses: {
    200: jsonContent(z.object({ events: z.array(ZAuthEventSchema) }), "Events"),
    403: apiError("Not a company admin"),
  },
});

export function registerAuthEventRoutes(app: TApp, deps: TDeps) {
  app.openapi(listRoute, async (c) => {
    const rows = await listAuthEvents(deps.database.db, companyContext(c).companyId, c.req.valid("query"));
    return c.json(
      {
        events: rows.map((r) => ({
          id: r.id,
          email: r.email,
          eventType: r.eventType,
          status: r.status,
          errorMessage: r.errorMessage,
          ipAddress: r.ipAddress,
          userAgent: r.userAgent,
          createdAt: r.createdAt.toISOString(),
        })),
      },
      200,
    );
  });
}
