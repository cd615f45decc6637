import { createRoute } from "@hono/zod-openapi";
import { ZDashboardSummarySchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonContent } from "../../lib/openapi";
import { requireSession } from "../../plugins/session";
import { companyContext, requireCompanyRole } from "../../plugins/tenant";
import { dashboardCounts } from "./service";

const summaryRoute = createRoute({
  method: "get",
  path: "/api/dashboard/summary",
  tags: ["Dashboard"],
  summary:
    "The dashboard tiles: forms created, total leads, total and completed calls, average call duration",
  responses: {
    200: jsonContent(ZDashboardSummarySchema, "Counts"),
    401: apiError("Not signed in"),
    403: apiError("No company associated with your account"),
  },
});

export function registerDashboardRoutes(app: TApp, deps: TDeps) {
  app.use("/api/dashboard/*", requireSession(deps), requireCompanyRole(deps));
  app.openapi(summaryRoute, async (c) =>
    c.json(await dashboardCounts(deps.database.db, companyContext(c).companyId), 200),
  );
}
