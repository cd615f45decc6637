import {
  ZBuyerDistributionSchema,
  ZBuyerIdParamsSchema,
  ZUpdateBuyerDistributionSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { getBuyerDistribution, updateBuyerDistribution } from "./distribution";

const tags = ["Buyers"];

const getRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/buyers/{buyerId}/distribution",
  tags,
  summary:
    "A buyer's bids per niche (credits per lead, for the highest price method) and lead filters on the answers, with the questions of its niche's forms",
  request: { params: ZBuyerIdParamsSchema },
  responses: {
    200: jsonContent(ZBuyerDistributionSchema, "Bids and filters"),
    404: apiError("Buyer not found or already deleted."),
  },
});

const updateRoute = defineRoute({
  auth: "company",
  method: "patch",
  path: "/api/buyers/{buyerId}/distribution",
  tags,
  summary:
    "Change a buyer's `bids` ([{ nicheId, credits }]) and/or `leadFilters` ([{ fieldId, operator: is | is_not | one_of, values }]); each list sent replaces the stored one, the other is left as it is",
  request: { params: ZBuyerIdParamsSchema, body: jsonBody(ZUpdateBuyerDistributionSchema) },
  responses: {
    200: jsonContent(ZBuyerDistributionSchema, "Updated"),
    403: apiError("Permission denied. You must be an owner or admin to update buyers."),
    404: apiError("Buyer or niche not found"),
    422: apiError("Invalid bid or filter"),
  },
});

/** Bids and lead filters per buyer (docs/buyers.md). */
export function registerBuyerDistributionRoutes(app: TApp, deps: TDeps) {
  app.openapi(getRoute, async (c) =>
    c.json(await getBuyerDistribution(deps, companyContext(c), c.req.valid("param").buyerId), 200),
  );
  app.openapi(updateRoute, async (c) =>
    c.json(
      await updateBuyerDistribution(
        deps,
        companyContext(c),
        c.req.valid("param").buyerId,
        c.req.valid("json"),
      ),
      200,
    ),
  );
}
