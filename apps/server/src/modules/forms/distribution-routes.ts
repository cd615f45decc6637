import {
  ZFormDistributionSchema,
  ZFormIdParamsSchema,
  ZUpdateFormDistributionSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { getFormDistribution, updateFormDistribution } from "./distribution";

const tags = ["Forms"];
const noCompany = apiError("No company associated with your account");

const getRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/forms/{formId}/distribution",
  tags,
  summary:
    "The form's distribution method, its buyers in priority order, weights, shares and weighted counts",
  request: { params: ZFormIdParamsSchema },
  responses: {
    200: jsonContent(ZFormDistributionSchema, "Distribution settings"),
    403: noCompany,
    404: apiError("Not one of this company's forms"),
  },
});

const updateRoute = defineRoute({
  auth: "company",
  method: "patch",
  path: "/api/forms/{formId}/distribution",
  tags,
  summary:
    "Change the form's distribution: `method` (round_robin, priority, weighted, highest_price) and/or `buyers`, in priority order with weights (replaces the list and restarts the weighted counts); only the keys sent change",
  request: { params: ZFormIdParamsSchema, body: jsonBody(ZUpdateFormDistributionSchema) },
  responses: {
    200: jsonContent(ZFormDistributionSchema, "Updated"),
    403: noCompany,
    404: apiError("Not one of this company's forms, or a buyer not of this company"),
    422: apiError("Invalid method, buyer or weight"),
  },
});

/** Distribution methods per form (docs/routing.md "Distribution methods"). */
export function registerFormDistributionRoutes(app: TApp, deps: TDeps) {
  app.openapi(getRoute, async (c) =>
    c.json(await getFormDistribution(deps, companyContext(c), c.req.valid("param").formId), 200),
  );
  app.openapi(updateRoute, async (c) =>
    c.json(
      await updateFormDistribution(deps, companyContext(c), c.req.valid("param").formId, c.req.valid("json")),
      200,
    ),
  );
}
