import { z } from "@hono/zod-openapi";
import { ZBuyerCapUsageSchema, ZBuyerPauseSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { buyerContext } from "../../plugins/buyer-context";
import { defineRoute } from "../../plugins/define-route";
import { getCapUsage, pauseLeads, resumeLeads } from "../buyers";

const tags = ["Buyer portal"];
const base = "/api/buyer-portal";
const noBuyer = apiError("No buyer profile found");
const ZPauseResult = z.object({ message: z.string(), usage: ZBuyerCapUsageSchema });

const capsRoute = defineRoute({
  auth: "buyer",
  method: "get",
  path: `${base}/caps`,
  tags,
  summary: "The buyer's caps, delivery hours and pause, with today's, this week's and this month's counts",
  responses: { 200: jsonContent(ZBuyerCapUsageSchema, "Caps and counts"), 403: noBuyer },
});

const pauseRoute = defineRoute({
  auth: "buyer",
  method: "post",
  path: `${base}/pause`,
  tags,
  summary: "Pause leads until a date and time (in the future), or indefinitely with until: null",
  request: { body: jsonBody(ZBuyerPauseSchema) },
  responses: {
    200: jsonContent(ZPauseResult, "Paused"),
    403: noBuyer,
    422: apiError("Invalid input"),
  },
});

const resumeRoute = defineRoute({
  auth: "buyer",
  method: "post",
  path: `${base}/resume`,
  tags,
  summary: "Resume leads (ends a pause, dated or not)",
  responses: { 200: jsonContent(ZPauseResult, "Resumed"), 403: noBuyer },
});

/** Caps and pause in the portal. */
export function registerBuyerCapRoutes(app: TApp, deps: TDeps) {
  app.openapi(capsRoute, async (c) => c.json(await getCapUsage(deps, buyerContext(c)), 200));
  app.openapi(pauseRoute, async (c) =>
    c.json(await pauseLeads(deps, buyerContext(c), c.req.valid("json")), 200),
  );
  app.openapi(resumeRoute, async (c) => c.json(await resumeLeads(deps, buyerContext(c)), 200));
}
