import { z } from "@hono/zod-openapi";
import {
  BUYER_MESSAGES,
  ZBuyerCapUsageSchema,
  ZBuyerDistributionSchema,
  ZBuyerIdParamsSchema,
  ZBuyerListQuerySchema,
  ZBuyerListSchema,
  ZBuyerPauseSchema,
  ZUpdateBuyerCapsSchema,
  ZUpdateBuyerDistributionSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { asKeyCompany } from "../../plugins/api-key-caller";
import { defineRoute } from "../../plugins/define-route";
import { getCapUsage, pauseLeads, resumeLeads } from "./caps";
import { getBuyerDistribution, updateBuyerDistribution } from "./distribution";
import { listBuyers, updateBuyer } from "./service";

// The Lead API's buyer routes (docs/lead-api.md): what a signed-in owner does on Edit Buyer and the
// portal's pause, done with a key. Each runs as the key's company; another company's buyer is a 404.

const tags = ["Lead API"];
const base = "/api/v1/buyers/{buyerId}";
const params = ZBuyerIdParamsSchema;
const notFound = apiError(BUYER_MESSAGES.NOT_FOUND);
const ZPauseResult = z.object({ message: z.string(), usage: ZBuyerCapUsageSchema });

const listRoute = defineRoute({
  auth: "apiKey",
  method: "get",
  path: "/api/v1/buyers",
  operationId: "listBuyersViaApiKey",
  tags,
  summary: "The key's company's buyers (not archived), newest first, with the counts per status",
  request: { query: ZBuyerListQuerySchema },
  responses: {
    200: jsonContent(ZBuyerListSchema, "Buyers"),
    422: apiError("`VALIDATION_FAILED`: unknown `status` or a `nicheId` that is not an id"),
  },
});

const capsRoute = defineRoute({
  auth: "apiKey",
  method: "get",
  path: `${base}/caps`,
  operationId: "getBuyerCaps",
  tags,
  summary:
    "A buyer's caps, time zone, delivery hours and pause, with today's, this week's and this month's counts in its own day",
  request: { params },
  responses: { 200: jsonContent(ZBuyerCapUsageSchema, "Caps and counts"), 404: notFound },
});

const updateCapsRoute = defineRoute({
  auth: "apiKey",
  method: "patch",
  path: `${base}/caps`,
  operationId: "updateBuyerCaps",
  tags,
  summary:
    "Change a buyer's `dailyCap`, `weeklyCap`, `monthlyCap`, `spendCapCredits` (null: no cap), `timeZone` (IANA), `deliveryHours` (seven days, Monday first, each { from, to } in minutes after midnight or null for closed; null: any time), `isPaused` or `pausedUntil`; only the fields sent change",
  request: { params, body: jsonBody(ZUpdateBuyerCapsSchema) },
  responses: {
    200: jsonContent(ZBuyerCapUsageSchema, "Caps and counts after the change"),
    404: notFound,
    422: apiError("`VALIDATION_FAILED`: each invalid field named in `error.fields`, in words"),
  },
});

const pauseRoute = defineRoute({
  auth: "apiKey",
  method: "post",
  path: `${base}/pause`,
  operationId: "pauseBuyer",
  tags,
  summary: "Pause a buyer's leads until a date and time in the future, or indefinitely with `until: null`",
  request: { params, body: jsonBody(ZBuyerPauseSchema) },
  responses: {
    200: jsonContent(ZPauseResult, "Paused"),
    404: notFound,
    422: apiError("`VALIDATION_FAILED`: `until` is not a date and time in the future"),
  },
});

const resumeRoute = defineRoute({
  auth: "apiKey",
  method: "post",
  path: `${base}/resume`,
  operationId: "resumeBuyer",
  tags,
  summary: "Resume a buyer's leads (ends a pause, dated or not)",
  request: { params },
  responses: { 200: jsonContent(ZPauseResult, "Resumed"), 404: notFound },
});

const distributionRoute = defineRoute({
  auth: "apiKey",
  method: "get",
  path: `${base}/distribution`,
  operationId: "getBuyerDistributionViaApiKey",
  tags,
  summary:
    "A buyer's bids per niche (credits per lead, for the highest price method) and lead filters, with the questions of its niche's forms",
  request: { params },
  responses: { 200: jsonContent(ZBuyerDistributionSchema, "Bids and filters"), 404: notFound },
});

const updateDistributionRoute = defineRoute({
  auth: "apiKey",
  method: "patch",
  path: `${base}/distribution`,
  operationId: "updateBuyerDistributionViaApiKey",
  tags,
  summary:
    "Change a buyer's `bids` ([{ nicheId, credits }]) and/or `leadFilters` ([{ fieldId, operator: is | is_not | one_of, values }]); each list sent replaces the stored one, the other is left as it is",
  request: { params, body: jsonBody(ZUpdateBuyerDistributionSchema) },
  responses: {
    200: jsonContent(ZBuyerDistributionSchema, "Updated"),
    404: apiError("Buyer or niche not found"),
    422: apiError("`VALIDATION_FAILED`: invalid bid or filter, named in `error.fields`"),
  },
});

/** Caps, pause, bids and filters of the key's company's buyers (the Lead API). */
export function registerBuyerApiRoutes(app: TApp, deps: TDeps) {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    return c.json(await asKeyCompany(deps, c, (actor) => listBuyers(deps, actor, query)), 200);
  });
  app.openapi(capsRoute, async (c) => {
    const { buyerId } = c.req.valid("param");
    return c.json(
      await asKeyCompany(deps, c, ({ companyId }) => getCapUsage(deps, { buyerId, companyId })),
      200,
    );
  });
  app.openapi(updateCapsRoute, async (c) => {
    const { buyerId } = c.req.valid("param");
    const body = c.req.valid("json");
    const usage = await asKeyCompany(deps, c, async (actor) => {
      await updateBuyer(deps, actor, buyerId, body);
      return getCapUsage(deps, { buyerId, companyId: actor.companyId });
    });
    return c.json(usage, 200);
  });
  app.openapi(pauseRoute, async (c) => {
    const { buyerId } = c.req.valid("param");
    const body = c.req.valid("json");
    return c.json(
      await asKeyCompany(deps, c, ({ companyId }) => pauseLeads(deps, { buyerId, companyId }, body)),
      200,
    );
  });
  app.openapi(resumeRoute, async (c) => {
    const { buyerId } = c.req.valid("param");
    return c.json(
      await asKeyCompany(deps, c, ({ companyId }) => resumeLeads(deps, { buyerId, companyId })),
      200,
    );
  });
  app.openapi(distributionRoute, async (c) => {
    const { buyerId } = c.req.valid("param");
    return c.json(await asKeyCompany(deps, c, (actor) => getBuyerDistribution(deps, actor, buyerId)), 200);
  });
  app.openapi(updateDistributionRoute, async (c) => {
    const { buyerId } = c.req.valid("param");
    const body = c.req.valid("json");
    const result = await asKeyCompany(deps, c, (actor) =>
      updateBuyerDistribution(deps, actor, buyerId, body),
    );
    return c.json(result, 200);
  });
}
