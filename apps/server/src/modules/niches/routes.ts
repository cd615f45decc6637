import { z } from "@hono/zod-openapi";
import {
  ZCreateNicheSchema,
  ZNicheIdParamsSchema,
  ZNicheListSchema,
  ZNicheResultSchema,
  ZUpdateNicheSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { createNiche, deleteNiche, listNiches, updateNiche } from "./service";

const tags = ["Niches"];
const forbidden = apiError("No company, or not an owner or admin");
const notFound = apiError("Not one of this company's niches");

const listRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/niches",
  tags,
  summary: "The company's niches ordered by name, with how many buyers use each",
  responses: { 200: jsonContent(ZNicheListSchema, "Niches"), 403: forbidden },
});

const createNicheRoute = defineRoute({
  auth: "company",
  method: "post",
  path: "/api/niches",
  tags,
  summary: "Create a niche with its default price per lead (USD)",
  request: { body: jsonBody(ZCreateNicheSchema) },
  responses: {
    201: jsonContent(ZNicheResultSchema, "Created"),
    403: forbidden,
    409: apiError("A niche with this name already exists"),
    422: apiError("Invalid name or price"),
  },
});

const updateRoute = defineRoute({
  auth: "company",
  method: "patch",
  path: "/api/niches/{nicheId}",
  tags,
  summary: "Rename a niche or change its price",
  request: { params: ZNicheIdParamsSchema, body: jsonBody(ZUpdateNicheSchema) },
  responses: {
    200: jsonContent(ZNicheResultSchema, "Updated"),
    403: forbidden,
    404: notFound,
    409: apiError("A niche with this name already exists"),
    422: apiError("Invalid name or price"),
  },
});

const deleteRoute = defineRoute({
  auth: "company",
  method: "delete",
  path: "/api/niches/{nicheId}",
  tags,
  summary: "Delete a niche; refused while buyers use it. Forms and leads of the niche lose the link",
  request: { params: ZNicheIdParamsSchema },
  responses: {
    200: jsonContent(z.object({ success: z.literal(true), message: z.string() }), "Deleted"),
    403: forbidden,
    404: notFound,
    409: apiError("Buyers still use this niche"),
  },
});

/** Every company role reads niches; owners and org admins change them (checked in the service). */
export function registerNicheRoutes(app: TApp, deps: TDeps) {
  app.openapi(listRoute, async (c) => c.json(await listNiches(deps, companyContext(c)), 200));
  app.openapi(createNicheRoute, async (c) =>
    c.json(await createNiche(deps, companyContext(c), c.req.valid("json")), 201),
  );
  app.openapi(updateRoute, async (c) =>
    c.json(
      await updateNiche(deps, companyContext(c), c.req.valid("param").nicheId, c.req.valid("json")),
      200,
    ),
  );
  app.openapi(deleteRoute, async (c) =>
    c.json(await deleteNiche(deps, companyContext(c), c.req.valid("param").nicheId), 200),
  );
}
