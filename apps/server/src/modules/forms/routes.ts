import { z } from "@hono/zod-openapi";
import {
  ZCreateFormSchema,
  ZFormDetailSchema,
  ZFormIdParamsSchema,
  ZFormListSchema,
  ZFormOptionsSchema,
  ZFormStatusResultSchema,
  ZUpdateFormSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { registerFormDistributionRoutes } from "./distribution-routes";
import { registerFormImageRoutes } from "./images";
import { listFormOptions } from "./options";
import { createForm, deleteForm, getForm, listForms, setFormStatus, updateForm } from "./service";

const tags = ["Forms"];
const noCompany = apiError("No company associated with your account");
const notFound = apiError("Not one of this company's forms");

const listRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/forms",
  tags,
  summary: "The company's forms, most recently updated first, with published and draft counts",
  responses: { 200: jsonContent(ZFormListSchema, "Forms"), 403: noCompany },
});

const optionsRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/forms/options",
  tags,
  summary: "The niches and buyers a form's niche and buyer list may name",
  responses: { 200: jsonContent(ZFormOptionsSchema, "Choices"), 403: noCompany },
});

const createFormRoute = defineRoute({
  auth: "company",
  method: "post",
  path: "/api/forms",
  tags,
  summary: "Create a form (as a draft)",
  request: { body: jsonBody(ZCreateFormSchema) },
  responses: {
    201: jsonContent(ZFormDetailSchema, "Created"),
    403: noCompany,
    422: apiError("Invalid form, niche or buyer list"),
  },
});

const getRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/forms/{formId}",
  tags,
  summary: "One form with its fields, settings, buyer list and e-mail routing entries",
  request: { params: ZFormIdParamsSchema },
  responses: {
    200: jsonContent(ZFormDetailSchema, "The form"),
    403: noCompany,
    404: notFound,
  },
});

const updateRoute = defineRoute({
  auth: "company",
  method: "patch",
  path: "/api/forms/{formId}",
  tags,
  summary: "Change some of a form's settings; fields, buyerIds and emailRouting replace the stored lists",
  request: { params: ZFormIdParamsSchema, body: jsonBody(ZUpdateFormSchema) },
  responses: {
    200: jsonContent(ZFormDetailSchema, "Updated"),
    403: noCompany,
    404: notFound,
    422: apiError("Invalid form, niche or buyer list"),
  },
});

const statusRoute = (action: "publish" | "unpublish") =>
  defineRoute({
    auth: "company",
    method: "post",
    path: `/api/forms/{formId}/${action}`,
    tags,
    summary:
      action === "publish"
        ? "Publish a form: it becomes public while it is also active"
        : "Unpublish a form: it becomes a draft and its public page answers not found",
    request: { params: ZFormIdParamsSchema },
    responses: {
      200: jsonContent(ZFormStatusResultSchema, "New status"),
      403: noCompany,
      404: notFound,
      ...(action === "publish" ? { 422: apiError("The form has no question to answer") } : {}),
    },
  });

const deleteRoute = defineRoute({
  auth: "company",
  method: "delete",
  path: "/api/forms/{formId}",
  tags,
  summary: "Delete a form with its submissions, buyer list and e-mail routing entries; leads are kept",
  request: { params: ZFormIdParamsSchema },
  responses: {
    200: jsonContent(z.object({ success: z.literal(true), message: z.string() }), "Deleted"),
    403: noCompany,
    404: notFound,
  },
});

/** Company-side form management: every role of the company builds and publishes forms (001 §1). */
export function registerFormRoutes(app: TApp, deps: TDeps) {
  registerFormImageRoutes(app, deps);
  registerFormDistributionRoutes(app, deps);

  app.openapi(listRoute, async (c) => c.json(await listForms(deps, companyContext(c)), 200));
  // Before /api/forms/{formId}, which would read "options" as a form id.
  app.openapi(optionsRoute, async (c) => c.json(await listFormOptions(deps, companyContext(c)), 200));
  app.openapi(createFormRoute, async (c) =>
    c.json(await createForm(deps, companyContext(c), c.req.valid("json")), 201),
  );
  app.openapi(getRoute, async (c) =>
    c.json(await getForm(deps, companyContext(c), c.req.valid("param").formId), 200),
  );
  app.openapi(updateRoute, async (c) =>
    c.json(await updateForm(deps, companyContext(c), c.req.valid("param").formId, c.req.valid("json")), 200),
  );
  app.openapi(statusRoute("publish"), async (c) =>
    c.json(await setFormStatus(deps, companyContext(c), c.req.valid("param").formId, "published"), 200),
  );
  app.openapi(statusRoute("unpublish"), async (c) =>
    c.json(await setFormStatus(deps, companyContext(c), c.req.valid("param").formId, "draft"), 200),
  );
  app.openapi(deleteRoute, async (c) =>
    c.json(await deleteForm(deps, companyContext(c), c.req.valid("param").formId), 200),
  );
}
