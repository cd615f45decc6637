import { z } from "@hono/zod-openapi";
import {
  ZLeadDetailSchema,
  ZLeadFiltersSchema,
  ZLeadIdParamsSchema,
  ZLeadListQuerySchema,
  ZLeadListSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { exportLeadsCsv } from "./export";
import { deleteLead, getLead, listLeads } from "./service";

const tags = ["Leads"];
const noCompany = apiError("No company associated with your account");
const notFound = apiError("Not one of this company's leads");

const listRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/leads",
  tags,
  summary: "The company's leads, newest first: search, filters, a page, and counts per status",
  request: { query: ZLeadListQuerySchema },
  responses: { 200: jsonContent(ZLeadListSchema, "Leads"), 403: noCompany },
});

const exportRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/leads/export",
  tags,
  summary:
    "CSV of every lead matching the filters (every column, source data and every answer), newest first, streamed: no row limit",
  request: { query: ZLeadFiltersSchema },
  responses: {
    200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } },
    403: noCompany,
  },
});

const detailRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/leads/{leadId}",
  tags,
  summary: "One lead: every answer with its label, source and UTM data, routing decisions and buyers",
  request: { params: ZLeadIdParamsSchema },
  responses: {
    200: jsonContent(ZLeadDetailSchema, "The lead"),
    403: noCompany,
    404: notFound,
  },
});

const deleteRoute = defineRoute({
  auth: "company",
  roles: ["owner", "org_admin"],
  deniedMessage: "Permission denied. You must be an owner or admin to delete leads.",
  method: "delete",
  path: "/api/leads/{leadId}",
  tags,
  summary: "Delete a lead (company admins; refused once a buyer holds it in full)",
  request: { params: ZLeadIdParamsSchema },
  responses: {
    200: jsonContent(z.object({ success: z.literal(true), message: z.string() }), "Deleted"),
    403: apiError("Not an owner or admin"),
    404: notFound,
    409: apiError("A buyer has purchased this lead"),
  },
});

export function registerLeadRoutes(app: TApp, deps: TDeps) {
  app.openapi(listRoute, async (c) =>
    c.json(await listLeads(deps, companyContext(c), c.req.valid("query")), 200),
  );
  // Registered before /{leadId}, which would otherwise take "export" for an id.
  app.openapi(exportRoute, async (c) => {
    const parts = exportLeadsCsv(deps, companyContext(c), c.req.valid("query"));
    // The header is made before answering, so a failure there is still an error answer; the rows follow
    // one batch per read of the stream (backpressure: a slow download holds one batch, not the file).
    const first = await parts.next();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!first.done) controller.enqueue(encoder.encode(first.value));
      },
      async pull(controller) {
        const next = await parts.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await parts.return(undefined);
      },
    });
    const day = new Date().toISOString().slice(0, 10);
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      "Cache-Control": "no-store",
    });
  });
  app.openapi(detailRoute, async (c) =>
    c.json(await getLead(deps, companyContext(c), c.req.valid("param").leadId), 200),
  );
  app.openapi(deleteRoute, async (c) =>
    c.json(await deleteLead(deps, companyContext(c), c.req.valid("param").leadId), 200),
  );
}
