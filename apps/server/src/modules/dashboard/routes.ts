import { createRoute } from "@hono/zod-openapi";
import { ZDashboardSummarySchema } from "@leadpost/shared";
import { count, eq } from "drizzle-orm";
import type { TApp, TDeps } from "../../app-types";
import { forms, leads } from "../../db/schema";
import { apiError, jsonContent } from "../../lib/openapi";
import { requireSession } from "../../plugins/session";
import { companyContext, requireCompanyRole } from "../../plugins/tenant";

const summaryRoute = createRoute({
  method: "get",
  path: "/api/dashboard/summary",
  tags: ["Dashboard"],
  summary: "The dashboard tiles: forms created and total leads (call figures are null until calls exist)",
  responses: {
    200: jsonContent(ZDashboardSummarySchema, "Counts"),
    401: apiError("Not signed in"),
    403: apiError("No company associated with your account"),
  },
});

export function registerDashboardRoutes(app: TApp, deps: TDeps) {
  app.use("/api/dashboard/*", requireSession(deps), requireCompanyRole(deps));
  app.openapi(summaryRoute, async (c) => {
    const { companyId } = companyContext(c);
    const db = deps.database.db;
    const [[formCount], [leadCount]] = await Promise.all([
      db.select({ n: count() }).from(forms).where(eq(forms.companyId, companyId)),
      db.select({ n: count() }).from(leads).where(eq(leads.companyId, companyId)),
    ]);
    return c.json(
      {
        formsCreated: Number(formCount?.n ?? 0),
        totalLeads: Number(leadCount?.n ?? 0),
        // The call center is not built yet: unknown, not zero.
        totalCalls: null,
        completedCalls: null,
        avgCallDurationSeconds: null,
      },
      200,
    );
  });
}
