import { createRoute } from "@hono/zod-openapi";
import {
  ZApiErrorSchema,
  ZCompanyRegistrationResultSchema,
  ZCompanyRegistrationSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { rateLimit } from "../../plugins/rate-limit";
import { clientIp } from "../auth/routes";
import { registerCompany } from "./service";

const errors = {
  409: { description: "The e-mail is taken", content: { "application/json": { schema: ZApiErrorSchema } } },
  422: { description: "Invalid input", content: { "application/json": { schema: ZApiErrorSchema } } },
} as const;

const registerCompanyRoute = createRoute({
  method: "post",
  path: "/api/accounts/company",
  tags: ["Accounts"],
  summary: "Register a company and its owner; sends the verification e-mail",
  request: {
    body: { required: true, content: { "application/json": { schema: ZCompanyRegistrationSchema } } },
  },
  responses: {
    201: {
      description: "Created",
      content: { "application/json": { schema: ZCompanyRegistrationResultSchema } },
    },
    ...errors,
    429: {
      description: "Too many registrations from this address",
      content: { "application/json": { schema: ZApiErrorSchema } },
    },
  },
});

export function registerAccountRoutes(app: TApp, deps: TDeps) {
  app.use(
    "/api/accounts/company",
    rateLimit(deps, { name: "register-company", windowMs: 60 * 60 * 1000, max: 10 }),
  );
  app.openapi(registerCompanyRoute, async (c) => {
    const result = await registerCompany(deps, c.req.valid("json"), {
      ipAddress: clientIp(c, deps.config.trustProxy),
      userAgent: c.req.header("user-agent") ?? null,
    });
    return c.json(result, 201);
  });
}
