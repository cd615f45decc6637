import { createRoute } from "@hono/zod-openapi";
import {
  ROUTING_MESSAGES,
  ZAssignLeadResultSchema,
  ZAssignLeadSchema,
  ZAssignmentOptionsQuerySchema,
  ZAssignmentOptionsSchema,
  ZLeadIdParamsSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../../app-types";
import { apiError, jsonBody, jsonContent } from "../../../lib/openapi";
import { requireSession } from "../../../plugins/session";
import { companyContext, requireCompanyRole } from "../../../plugins/tenant";
import { assignLead, listAssignmentOptions } from "./assign";

const tags = ["Lead routing"];
const noSession = apiError("Not signed in");
const noCompany = apiError("No company associated with your account");

const optionsRoute = createRoute({
  method: "get",
  path: "/api/leads/{leadId}/assignment-options",
  tags,
  summary: "Active buyers a lead can be assigned to, nearest first, with what each already holds",
  request: { params: ZLeadIdParamsSchema, query: ZAssignmentOptionsQuerySchema },
  responses: {
    200: jsonContent(ZAssignmentOptionsSchema, "Buyers"),
    401: noSession,
    403: noCompany,
    404: apiError("Not one of this company's leads"),
  },
});

const assignRoute = createRoute({
  method: "post",
  path: "/api/leads/{leadId}/assignments",
  tags,
  summary: "Give one buyer full access to the lead (company admins; takes a sale slot, charges nothing)",
  request: { params: ZLeadIdParamsSchema, body: jsonBody(ZAssignLeadSchema) },
  responses: {
    200: jsonContent(ZAssignLeadResultSchema, "Assigned"),
    401: noSession,
    403: apiError(ROUTING_MESSAGES.PERMISSION),
    404: apiError("Not one of this company's leads or buyers"),
    409: apiError("The buyer already holds the lead, is not active, or the sale cap is reached"),
  },
});

export function registerRoutingRoutes(app: TApp, deps: TDeps) {
  // Declared here too, so these routes never depend on another module's middleware or its order.
  for (const path of ["/api/leads/:leadId/assignment-options", "/api/leads/:leadId/assignments"]) {
    app.use(path, requireSession(deps), requireCompanyRole(deps));
  }
  app.openapi(optionsRoute, async (c) => {
    const { leadId } = c.req.valid("param");
    const { search } = c.req.valid("query");
    return c.json(await listAssignmentOptions(deps, companyContext(c), leadId, search), 200);
  });
  app.openapi(assignRoute, async (c) => {
    const { leadId } = c.req.valid("param");
    const { buyerId } = c.req.valid("json");
    return c.json(await assignLead(deps, companyContext(c), leadId, buyerId), 200);
  });
}
