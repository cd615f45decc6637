import {
  BUYER_MESSAGES,
  ZArchiveBuyerResultSchema,
  ZArchiveBuyerSchema,
  ZBuyerIdParamsSchema,
  ZBuyerListQuerySchema,
  ZBuyerListSchema,
  ZBuyerResultSchema,
  ZBuyerSchema,
  ZBuyerStatusInputSchema,
  ZBuyersMapSchema,
  ZCompanyStatusSchema,
  ZCreateBuyerSchema,
  ZUpdateBuyerSchema,
} from "@leadpost/shared";
import { z } from "zod";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { getBuyersMap, getCompanyStatus } from "./company-status";
import { registerBuyerDistributionRoutes } from "./distribution-routes";
import { archiveBuyer, createBuyer, getBuyer, listBuyers, setBuyerStatus, updateBuyer } from "./service";

const tags = ["Buyers"];
const forbidden = apiError("No company, or not an owner or admin");
const notFound = apiError(BUYER_MESSAGES.NOT_FOUND);
const params = ZBuyerIdParamsSchema;

const listRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/buyers",
  tags,
  summary: "The company's buyers (archived ones excluded), newest first, by tab and niche, with tab counts",
  request: { query: ZBuyerListQuerySchema },
  responses: { 200: jsonContent(ZBuyerListSchema, "Buyers"), 403: forbidden },
});

const mapRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/buyers/map",
  tags,
  summary: "Active buyers' zip locations and service radii, and the company's map token",
  responses: { 200: jsonContent(ZBuyersMapSchema, "Map data"), 403: forbidden },
});

const statusRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/company/status",
  tags: ["Company"],
  summary: "Trial, tier and setup completeness of the caller's company (trial banner, setup notice)",
  responses: { 200: jsonContent(ZCompanyStatusSchema, "Status"), 403: forbidden },
});

const createBuyerRoute = defineRoute({
  auth: "company",
  method: "post",
  path: "/api/buyers",
  tags,
  summary: "Add Buyer (active at once). An Idempotency-Key header replays the first answer",
  request: {
    headers: z.object({ "idempotency-key": z.string().min(8).max(200).optional() }),
    body: jsonBody(ZCreateBuyerSchema),
  },
  responses: {
    201: jsonContent(ZBuyerResultSchema, BUYER_MESSAGES.CREATED),
    403: apiError("Not an owner or admin, or the basic tier's limit of 1 buyer"),
    409: apiError(BUYER_MESSAGES.CREATE_DUPLICATE),
    422: apiError("Invalid input"),
  },
});

const getRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/buyers/{buyerId}",
  tags,
  summary: "One buyer as its card shows it",
  request: { params },
  responses: { 200: jsonContent(ZBuyerSchema, "The buyer"), 403: forbidden, 404: notFound },
});

const updateRoute = defineRoute({
  auth: "company",
  method: "patch",
  path: "/api/buyers/{buyerId}",
  tags,
  summary: "Edit Buyer: the fields sent change; a new zip moves the buyer's location",
  request: { params, body: jsonBody(ZUpdateBuyerSchema) },
  responses: {
    200: jsonContent(ZBuyerResultSchema, BUYER_MESSAGES.UPDATED),
    403: forbidden,
    404: notFound,
    409: apiError(BUYER_MESSAGES.CREATE_DUPLICATE),
    422: apiError("Invalid input"),
  },
});

const setStatusRoute = defineRoute({
  auth: "company",
  method: "post",
  path: "/api/buyers/{buyerId}/status",
  tags,
  summary: "The active/inactive switch",
  request: { params, body: jsonBody(ZBuyerStatusInputSchema) },
  responses: {
    200: jsonContent(ZBuyerResultSchema, "Moved to the other tab"),
    403: forbidden,
    404: notFound,
  },
});

const archiveRoute = defineRoute({
  auth: "company",
  method: "post",
  path: "/api/buyers/{buyerId}/archive",
  tags,
  summary: "Archive (soft delete) after typing the buyer's company name; purchases remain linked",
  request: { params, body: jsonBody(ZArchiveBuyerSchema) },
  responses: {
    200: jsonContent(ZArchiveBuyerResultSchema, BUYER_MESSAGES.ARCHIVED),
    403: forbidden,
    404: notFound,
    409: apiError("Unconsumed prepaid leads or credits"),
    422: apiError(BUYER_MESSAGES.ARCHIVE_NAME_MISMATCH),
  },
});

/** Every company role reads; owners and org admins change (checked first in each service function). */
export function registerBuyerManagementRoutes(app: TApp, deps: TDeps) {
  registerBuyerDistributionRoutes(app, deps);

  app.openapi(statusRoute, async (c) => c.json(await getCompanyStatus(deps, companyContext(c)), 200));
  app.openapi(listRoute, async (c) =>
    c.json(await listBuyers(deps, companyContext(c), c.req.valid("query")), 200),
  );
  app.openapi(mapRoute, async (c) => c.json(await getBuyersMap(deps, companyContext(c)), 200));
  app.openapi(createBuyerRoute, async (c) => {
    const key = c.req.valid("header")["idempotency-key"];
    return c.json(await createBuyer(deps, companyContext(c), c.req.valid("json"), key), 201);
  });
  app.openapi(getRoute, async (c) =>
    c.json(await getBuyer(deps, companyContext(c), c.req.valid("param").buyerId), 200),
  );
  app.openapi(updateRoute, async (c) =>
    c.json(
      await updateBuyer(deps, companyContext(c), c.req.valid("param").buyerId, c.req.valid("json")),
      200,
    ),
  );
  app.openapi(setStatusRoute, async (c) =>
    c.json(
      await setBuyerStatus(deps, companyContext(c), c.req.valid("param").buyerId, c.req.valid("json").status),
      200,
    ),
  );
  app.openapi(archiveRoute, async (c) =>
    c.json(
      await archiveBuyer(
        deps,
        companyContext(c),
        c.req.valid("param").buyerId,
        c.req.valid("json").confirmName,
      ),
      200,
    ),
  );
}
