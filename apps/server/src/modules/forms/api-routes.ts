import {
  FORM_MESSAGES,
  ZFormDistributionSchema,
  ZFormIdParamsSchema,
  ZUpdateFormDistributionSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { asKeyCompany } from "../../plugins/api-key-caller";
import { defineRoute } from "../../plugins/define-route";
import { getFormDistribution, updateFormDistribution } from "./distribution";

// A form's distribution method with a key (docs/lead-api.md), as the form builder's Distribution block
// sets it; runs as the key's company, another company's form is a 404.

const tags = ["Lead API"];

const getRoute = defineRoute({
  auth: "apiKey",
  method: "get",
  path: "/api/v1/forms/{formId}/distribution",
  operationId: "getFormDistributionViaApiKey",
  tags,
  summary: "A form's distribution method, its buyers in priority order, weights, shares and weighted counts",
  request: { params: ZFormIdParamsSchema },
  responses: {
    200: jsonContent(ZFormDistributionSchema, "Distribution settings"),
    404: apiError(FORM_MESSAGES.NOT_FOUND),
  },
});

const updateRoute = defineRoute({
  auth: "apiKey",
  method: "patch",
  path: "/api/v1/forms/{formId}/distribution",
  operationId: "updateFormDistributionViaApiKey",
  tags,
  summary:
    "Change a form's `method` (round_robin, priority, weighted, highest_price) and/or its `buyers` in priority order with weights (replaces the list and restarts the weighted counts); only the keys sent change",
  request: { params: ZFormIdParamsSchema, body: jsonBody(ZUpdateFormDistributionSchema) },
  responses: {
    200: jsonContent(ZFormDistributionSchema, "Updated"),
    404: apiError("Not one of the key's company's forms, or a buyer not of its company"),
    422: apiError("`VALIDATION_FAILED`: invalid method, buyer or weight, named in `error.fields`"),
  },
});

/** Distribution methods per form over the Lead API. */
export function registerFormApiRoutes(app: TApp, deps: TDeps) {
  app.openapi(getRoute, async (c) => {
    const { formId } = c.req.valid("param");
    return c.json(await asKeyCompany(deps, c, (actor) => getFormDistribution(deps, actor, formId)), 200);
  });
  app.openapi(updateRoute, async (c) => {
    const { formId } = c.req.valid("param");
    const body = c.req.valid("json");
    const result = await asKeyCompany(deps, c, (actor) => updateFormDistribution(deps, actor, formId, body));
    return c.json(result, 200);
  });
}
