import { ZBusinessOverviewSchema, ZBusinessQuerySchema, ZDashboardSummarySchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { businessOverview } from "./business";
import { dashboardCounts } from "./service";

const summaryRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/dashboard/summary",
  tags: ["Dashboard"],
  summary:
    "The dashboard tiles: forms created, total leads, total and completed calls, average call duration",
  responses: {
    200: jsonContent(ZDashboardSummarySchema, "Counts"),
    403: apiError("No company associated with your account"),
  },
});

const businessRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/dashboard/business",
  tags: ["Dashboard"],
  summary:
    "The business overview for 7, 30 or 90 days: leads per day with sales and calls, leads by form and by source, sold vs unsold, credits spent and the top buyers (test leads excluded)",
  request: { query: ZBusinessQuerySchema },
  responses: {
    200: jsonContent(ZBusinessOverviewSchema, "The period's figures"),
    403: apiError("No company associated with your account"),
    422: apiError("Choose 7, 30 or 90 days"),
  },
});

export function registerDashboardRoutes(app: TApp, deps: TDeps) {
  app.openapi(summaryRoute, async (c) =>
    c.json(await dashboardCounts(deps.database.db, companyContext(c).companyId), 200),
  );
  app.openapi(businessRoute, async (c) =>
    c.json(
      await businessOverview(deps.database.db, companyContext(c).companyId, c.req.valid("query").days),
      200,
    ),
  );
}
