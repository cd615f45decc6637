import { z } from "@hono/zod-openapi";
import {
  ZBillingHistorySchema,
  ZBulkDeletePreviewsSchema,
  ZBuyerProfileSchema,
  ZBuyerProfileUpdateSchema,
  ZBuyerSummarySchema,
  ZDeleteResultSchema,
  ZDisplayPreferencesSchema,
  ZLeadIdParamSchema,
  ZMyLeadFiltersSchema,
  ZMyLeadListQuerySchema,
  ZMyLeadListSchema,
  ZMyLeadSchema,
  ZMyLeadUpdateSchema,
  ZPreviewListQuerySchema,
  ZPreviewListSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { buyerContext } from "../../plugins/buyer-context";
import { defineRoute } from "../../plugins/define-route";
import { displayPreferencesOf, readCompanyPreferences } from "../settings";
import { getBillingHistory, getProfile, getSummary, updateProfile } from "./account";
import { registerBuyerCapRoutes } from "./caps-routes";
import { exportMyLeadsCsv, listMyLeads, updateMyLead } from "./my-leads";
import { deletePreviews, listPreviews } from "./previews";

const tags = ["Buyer portal"];
const noBuyer = apiError("No buyer profile found");
const notFound = apiError("Not one of this buyer's leads");
const base = "/api/buyer-portal";

const summaryRoute = defineRoute({
  auth: "buyer",
  method: "get",
  path: `${base}/summary`,
  tags,
  summary: "Dashboard: profile, package, counts, credits and whether the company can take payments",
  responses: { 200: jsonContent(ZBuyerSummarySchema, "Summary"), 403: noBuyer },
});

const previewsRoute = defineRoute({
  auth: "buyer",
  method: "get",
  path: `${base}/previews`,
  tags,
  summary: "Lead previews of this buyer, newest first, with the sold counter and price in credits",
  request: { query: ZPreviewListQuerySchema },
  responses: { 200: jsonContent(ZPreviewListSchema, "Previews"), 403: noBuyer },
});

const deletePreviewRoute = defineRoute({
  auth: "buyer",
  method: "delete",
  path: `${base}/previews/{leadId}`,
  tags,
  summary: "Remove one preview from this buyer's list",
  request: { params: ZLeadIdParamSchema },
  responses: {
    200: jsonContent(ZDeleteResultSchema, "Deleted"),
    403: noBuyer,
    404: notFound,
  },
});

const bulkDeleteRoute = defineRoute({
  auth: "buyer",
  method: "post",
  path: `${base}/previews/delete`,
  tags,
  summary: "Remove several previews at once (all or none)",
  request: { body: jsonBody(ZBulkDeletePreviewsSchema) },
  responses: {
    200: jsonContent(ZDeleteResultSchema, "Deleted"),
    403: noBuyer,
    404: notFound,
    422: apiError("Invalid input"),
  },
});

const myLeadsRoute = defineRoute({
  auth: "buyer",
  method: "get",
  path: `${base}/leads`,
  tags,
  summary: "Full-access leads of this buyer with every field, CRM status and notes",
  request: { query: ZMyLeadListQuerySchema },
  responses: { 200: jsonContent(ZMyLeadListSchema, "My leads"), 403: noBuyer },
});

const exportRoute = defineRoute({
  auth: "buyer",
  method: "get",
  path: `${base}/leads/export`,
  tags,
  summary: "CSV of this buyer's full-access leads matching the filters",
  request: { query: ZMyLeadFiltersSchema },
  responses: {
    200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } },
    403: noBuyer,
  },
});

const updateLeadRoute = defineRoute({
  auth: "buyer",
  method: "patch",
  path: `${base}/leads/{leadId}`,
  tags,
  summary: "Set the CRM status or notes of one of this buyer's full-access leads",
  request: { params: ZLeadIdParamSchema, body: jsonBody(ZMyLeadUpdateSchema) },
  responses: {
    200: jsonContent(ZMyLeadSchema, "Updated"),
    403: noBuyer,
    404: notFound,
    422: apiError("Invalid input"),
  },
});

const profileRoute = defineRoute({
  auth: "buyer",
  method: "get",
  path: `${base}/profile`,
  tags,
  summary: "The buyer's profile",
  responses: { 200: jsonContent(ZBuyerProfileSchema, "Profile"), 403: noBuyer },
});

const updateProfileRoute = defineRoute({
  auth: "buyer",
  method: "patch",
  path: `${base}/profile`,
  tags,
  summary: "Update contact name, company name and phone (the rest is managed by the company)",
  request: { body: jsonBody(ZBuyerProfileUpdateSchema) },
  responses: {
    200: jsonContent(ZBuyerProfileSchema, "Saved"),
    403: noBuyer,
    422: apiError("Invalid input"),
  },
});

const billingRoute = defineRoute({
  auth: "buyer",
  method: "get",
  path: `${base}/billing`,
  tags,
  summary: "Billing history: this buyer's credit-pack payments, newest first",
  responses: { 200: jsonContent(ZBillingHistorySchema, "Billing rows"), 403: noBuyer },
});

const displayPreferencesRoute = defineRoute({
  auth: "buyer",
  method: "get",
  path: `${base}/display-preferences`,
  tags,
  summary: "The company's country, currency and timezone, which format the buyer's money and dates",
  responses: {
    200: jsonContent(ZDisplayPreferencesSchema, "Display preferences"),
    403: noBuyer,
  },
});

export function registerBuyerPortalRoutes(app: TApp, deps: TDeps) {
  app.openapi(displayPreferencesRoute, async (c) => {
    const prefs = await readCompanyPreferences(deps.database.db, buyerContext(c).companyId);
    return c.json(displayPreferencesOf(prefs), 200);
  });

  app.openapi(summaryRoute, async (c) => c.json(await getSummary(deps, buyerContext(c)), 200));
  app.openapi(previewsRoute, async (c) =>
    c.json(await listPreviews(deps, buyerContext(c), c.req.valid("query")), 200),
  );
  // Registered before /previews/{leadId}-style routes so "delete" is never read as an id.
  app.openapi(bulkDeleteRoute, async (c) =>
    c.json(await deletePreviews(deps, buyerContext(c), c.req.valid("json").leadIds), 200),
  );
  app.openapi(deletePreviewRoute, async (c) =>
    c.json(await deletePreviews(deps, buyerContext(c), [c.req.valid("param").leadId]), 200),
  );
  app.openapi(exportRoute, async (c) => {
    const csv = await exportMyLeadsCsv(deps, buyerContext(c), c.req.valid("query"));
    const day = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-leads-${day}.csv"`,
      "Cache-Control": "no-store",
    });
  });
  app.openapi(myLeadsRoute, async (c) =>
    c.json(await listMyLeads(deps, buyerContext(c), c.req.valid("query")), 200),
  );
  app.openapi(updateLeadRoute, async (c) =>
    c.json(await updateMyLead(deps, buyerContext(c), c.req.valid("param").leadId, c.req.valid("json")), 200),
  );
  app.openapi(profileRoute, async (c) => c.json(await getProfile(deps, buyerContext(c)), 200));
  app.openapi(updateProfileRoute, async (c) =>
    c.json(await updateProfile(deps, buyerContext(c), c.req.valid("json")), 200),
  );
  app.openapi(billingRoute, async (c) => c.json(await getBillingHistory(deps, buyerContext(c)), 200));
  registerBuyerCapRoutes(app, deps);
}
