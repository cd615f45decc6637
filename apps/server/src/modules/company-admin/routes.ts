import { z } from "@hono/zod-openapi";
import {
  ZAdminCompanyResultSchema,
  ZAdminCompanySchema,
  ZExtendTrialSchema,
  ZSetTierByHandSchema,
  ZSuspendCompanySchema,
  ZTrialExemptSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { plainValidation, platformAdminContext } from "../platform-admin";
import {
  changeTierByHand,
  extendTrial,
  getAdminCompany,
  reinstateCompany,
  setTrialExempt,
  suspendCompany,
} from "./companies";

// Platform admins only, like every route under /api/platform-admin.
const tags = ["Platform admin"];
const params = z.object({ companyId: z.uuid() });
const answers = {
  200: jsonContent(ZAdminCompanyResultSchema, "Changed; the company as it is now"),
  403: apiError("Not a platform admin"),
  404: apiError("Company not found"),
  409: apiError("The change does not apply (already suspended, plan billed by PayPal)"),
  422: apiError("Invalid input"),
};
const change = (method: "post" | "put", path: string, summary: string) =>
  ({ method, path: `/api/platform-admin/companies/{companyId}${path}`, tags, summary }) as const;

const getRoute = defineRoute({
  auth: "admin",
  method: "get",
  path: "/api/platform-admin/companies/{companyId}",
  tags,
  summary: "A company's plan, trial, suspension and usage",
  request: { params },
  responses: {
    200: jsonContent(ZAdminCompanySchema, "The company"),
    403: answers[403],
    404: answers[404],
  },
});
const trialRoute = defineRoute({
  auth: "admin",
  ...change("post", "/trial", "Extend the company's trial by a number of days (audited)"),
  request: { params, body: jsonBody(ZExtendTrialSchema) },
  responses: answers,
});
const exemptRoute = defineRoute({
  auth: "admin",
  ...change("put", "/trial-exempt", "Exempt the company from the trial, or not (audited)"),
  request: { params, body: jsonBody(ZTrialExemptSchema) },
  responses: answers,
});
const tierRoute = defineRoute({
  auth: "admin",
  ...change("put", "/tier", "Set the company's plan by hand, with a reason (audited; nothing is billed)"),
  request: { params, body: jsonBody(ZSetTierByHandSchema) },
  responses: answers,
});
const suspendRoute = defineRoute({
  auth: "admin",
  ...change(
    "post",
    "/suspend",
    "Suspend the company: its users and forms stop, nothing is deleted (audited)",
  ),
  request: { params, body: jsonBody(ZSuspendCompanySchema) },
  responses: answers,
});
const reinstateRoute = defineRoute({
  auth: "admin",
  ...change("post", "/reinstate", "Reinstate a suspended company (audited)"),
  request: { params },
  responses: answers,
});

export function registerAdminCompanyRoutes(app: TApp, deps: TDeps) {
  const id = (c: { req: { valid(t: "param"): { companyId: string } } }) => c.req.valid("param").companyId;
  app.openapi(getRoute, async (c) => c.json(await getAdminCompany(deps.database.db, id(c)), 200));
  app.openapi(
    trialRoute,
    async (c) =>
      c.json(await extendTrial(deps, platformAdminContext(c), id(c), c.req.valid("json").days), 200),
    plainValidation,
  );
  app.openapi(
    exemptRoute,
    async (c) =>
      c.json(await setTrialExempt(deps, platformAdminContext(c), id(c), c.req.valid("json").exempt), 200),
    plainValidation,
  );
  app.openapi(
    tierRoute,
    async (c) =>
      c.json(await changeTierByHand(deps, platformAdminContext(c), id(c), c.req.valid("json")), 200),
    plainValidation,
  );
  app.openapi(
    suspendRoute,
    async (c) =>
      c.json(await suspendCompany(deps, platformAdminContext(c), id(c), c.req.valid("json").reason), 200),
    plainValidation,
  );
  app.openapi(reinstateRoute, async (c) =>
    c.json(await reinstateCompany(deps, platformAdminContext(c), id(c)), 200),
  );
}
