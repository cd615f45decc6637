import { createRoute, z } from "@hono/zod-openapi";
import { ZBuyerCapUsageSchema, ZBuyerPauseSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { buyerContext } from "../../plugins/buyer-context";
import { getCapUsage, pauseLeads, resumeLeads } from "../buyers";

const tags = ["Buyer portal"];
const base = "/api/buyer-portal";
const noSession = apiError("Not signed in");
const noBuyer = apiError("No buyer profile found");
const ZPauseResult = z.object({ message: z.string(), usage: ZBuyerCapUsageSchema });

const capsRoute = createRoute({
  method: "get",
  path: `${base}/caps`,
  tags,
  summary: "The buyer's caps, delivery hours and pause, with today's, this week's and this month's counts",
  responses: { 200: jsonContent(ZBuyerCapUsageSchema, "Caps and counts"), 401: noSession, 403: noBuyer },
});

const pauseRoute = createRoute({
  method: "post",
  path: `${base}/pause`,
  tags,
  summary: "Pause leads until a date and time (in the future), or indefinitely with until: null",
  request: { body: jsonBody(ZBuyerPauseSchema) },
  responses: {
    200: jsonContent(ZPauseResult, "Paused"),
    401: noSession,
    403: noBuyer,
    422: apiError("Invalid input"),
  },
});

const resumeRoute = createRoute({
  method: "post",
  path: `${base}/resume`,
  tags,
  summary: "Resume leads (ends a pause, dated or not)",
  responses: { 200: jsonContent(ZPauseResult, "Resumed"), 401: noSession, 403: noBuyer },
});

/** Caps and pause in the portal; the requireBuyer middleware of the portal's routes covers them. */
export function registerBuyerCapRoutes(app: TApp, deps: TDeps) {
  app.openapi(capsRoute, async (c) => c.json(await getCapUsage(deps, buyerContext(c)), 200));
  app.openapi(pauseRoute, async (c) =>
    c.json(await pauseLeads(deps, buyerContext(c), c.req.valid("json")), 200),
  );
  app.openapi(resumeRoute, async (c) => c.json(await resumeLeads(deps, buyerContext(c)), 200));
}
