import { APPLICATION_MESSAGES, ZApplicationCompanySchema, ZBuyerApplicationSchema } from "@leadpost/shared";
import { z } from "zod";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { rateLimit } from "../../plugins/rate-limit";
import { getApplicationCompany, submitBuyerApplication } from "./applications";

const tags = ["Buyer applications"];

const companyRoute = defineRoute({
  auth: "public",
  method: "get",
  path: "/api/buyer-applications/companies/{companyId}",
  tags,
  summary: "Public: the company a prospective buyer applies to, with its niches",
  request: { params: z.object({ companyId: z.uuid() }) },
  responses: {
    200: jsonContent(ZApplicationCompanySchema, "The company"),
    404: apiError(APPLICATION_MESSAGES.NO_COMPANY),
    422: apiError(APPLICATION_MESSAGES.NO_COMPANY),
  },
});

const submitRoute = defineRoute({
  auth: "public",
  method: "post",
  path: "/api/buyer-applications",
  tags,
  summary: "Public: apply to buy a company's leads; creates a pending buyer and e-mails the company admin",
  request: { body: jsonBody(ZBuyerApplicationSchema) },
  responses: {
    201: jsonContent(
      z.object({ success: z.literal(true), message: z.string() }),
      APPLICATION_MESSAGES.SUBMITTED,
    ),
    403: apiError(APPLICATION_MESSAGES.CLOSED),
    404: apiError(APPLICATION_MESSAGES.NO_COMPANY),
    409: apiError(APPLICATION_MESSAGES.DUPLICATE),
    422: apiError("Invalid input"),
    429: apiError("Too many applications from this address"),
  },
});

export function registerBuyerApplicationRoutes(app: TApp, deps: TDeps) {
  app.use(
    "/api/buyer-applications/*",
    rateLimit(deps, { name: "buyer-application-read", windowMs: 60_000, max: 60 }),
  );
  app.use(
    "/api/buyer-applications",
    rateLimit(deps, { name: "buyer-application", windowMs: 60 * 60 * 1000, max: 10 }),
  );
  app.openapi(companyRoute, async (c) =>
    c.json(await getApplicationCompany(deps, c.req.valid("param").companyId), 200),
  );
  app.openapi(submitRoute, async (c) => c.json(await submitBuyerApplication(deps, c.req.valid("json")), 201));
}
