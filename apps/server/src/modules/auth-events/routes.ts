import { createRoute, z } from "@hono/zod-openapi";
import {
  AUTH_EVENTS_LIMIT,
  ZApiErrorSchema,
  ZAuthEventSchema,
  ZAuthEventsQuerySchema,
} from "@leadpost/shared";
import { and, desc, eq, ilike } from "drizzle-orm";
import type { TApp, TDeps } from "../../app-types";
import { authEvents } from "../../db/schema";
import { requireSession } from "../../plugins/session";
import { companyContext, requireCompanyRole } from "../../plugins/tenant";

const listRoute = createRoute({
  method: "get",
  path: "/api/auth-events",
  tags: ["Settings"],
  summary: "The company's sign-up, login and logout events, newest first (at most 100)",
  request: { query: ZAuthEventsQuerySchema },
  responses: {
    200: {
      description: "Events",
      content: { "application/json": { schema: z.object({ events: z.array(ZAuthEventSchema) }) } },
    },
    403: { description: "Not a company admin", content: { "application/json": { schema: ZApiErrorSchema } } },
  },
});

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function registerAuthEventRoutes(app: TApp, deps: TDeps) {
  app.use("/api/auth-events", requireSession(deps), requireCompanyRole(deps, ["owner", "org_admin"]));
  app.openapi(listRoute, async (c) => {
    const { companyId } = companyContext(c);
    const q = c.req.valid("query");
    const rows = await deps.database.db
      .select()
      .from(authEvents)
      .where(
        and(
          eq(authEvents.companyId, companyId),
          q.email ? ilike(authEvents.email, `%${escapeLike(q.email)}%`) : undefined,
          q.eventType ? eq(authEvents.eventType, q.eventType) : undefined,
          q.status ? eq(authEvents.status, q.status) : undefined,
        ),
      )
      .orderBy(desc(authEvents.createdAt))
      .limit(AUTH_EVENTS_LIMIT);
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
