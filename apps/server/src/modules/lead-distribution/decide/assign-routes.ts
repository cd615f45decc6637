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
import { defineRoute } from "../../../plugins/define-route";
import { companyContext } from "../../../plugins/tenant";
import { assignLead, listAssignmentOptions } from "./assign";

const tags = ["Lead routing"];
const noCompany = apiError("No company associated with your account");

const optionsRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/leads/{leadId}/assignment-options",
  tags,
  summary: "Active buyers a lead can be assigned to, nearest first, with what each already holds",
  request: { params: ZLeadIdParamsSchema, query: ZAssignmentOptionsQuerySchema },
  responses: {
    200: jsonContent(ZAssignmentOptionsSchema, "Buyers"),
    403: noCompany,
    404: apiError("Not one of this company's leads"),
  },
});

const assignRoute = defineRoute({
  auth: "company",
  method: "post",
  path: "/api/leads/{leadId}/assignments",
  tags,
  summary: "Give one buyer full access to the lead (company admins; takes a sale slot, charges nothing)",
  request: { params: ZLeadIdParamsSchema, body: jsonBody(ZAssignLeadSchema) },
  responses: {
    200: jsonContent(ZAssignLeadResultSchema, "Assigned"),
    403: apiError(ROUTING_MESSAGES.PERMISSION),
    404: apiError("Not one of this company's leads or buyers"),
    409: apiError("The buyer already holds the lead, is not active, or the sale cap is reached"),
  },
});

export function registerRoutingRoutes(app: TApp, deps: TDeps) {
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
