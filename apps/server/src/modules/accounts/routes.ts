import { createRoute, z } from "@hono/zod-openapi";
import {
  ZApiErrorSchema,
  ZCompanyRegistrationResultSchema,
  ZCompanyRegistrationSchema,
} from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TApp, TDeps } from "../../app-types";
import { companies } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { rateLimit } from "../../plugins/rate-limit";
import { currentUser, requireSession } from "../../plugins/session";
import { clientIp } from "../auth/routes";
import { acceptInvitationAsSessionUser } from "./google-invitation";
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

const apiError = (description: string) => ({
  description,
  content: { "application/json": { schema: ZApiErrorSchema } },
});

const acceptAsSessionRoute = createRoute({
  method: "post",
  path: "/api/accounts/invitations/{token}/accept-session",
  tags: ["Accounts"],
  summary: "Accept a buyer invitation as the signed-in user (after Google sign-in with the invited address)",
  request: { params: z.object({ token: z.string().min(1).max(200) }) },
  responses: {
    200: {
      description: "Linked and activated",
      content: {
        "application/json": { schema: z.object({ buyerId: z.string(), redirectTo: z.string() }) },
      },
    },
    401: apiError("Not signed in"),
    403: apiError("Signed in with another address"),
    404: apiError("Invalid or expired invitation, or the buyer is gone"),
    409: apiError("This invitation has already been used"),
  },
});

const ZBrandingSchema = z.object({ name: z.string(), logoUrl: z.string().nullable() });

const brandingRoute = createRoute({
  method: "get",
  path: "/api/accounts/branding/{companyId}",
  tags: ["Accounts"],
  summary: "A company's name and logo for the reset page's branding (000 §2.8 tenant_id); nothing else",
  request: { params: z.object({ companyId: z.uuid() }) },
  responses: {
    200: { description: "Branding", content: { "application/json": { schema: ZBrandingSchema } } },
    404: apiError("No such company"),
    422: apiError("Not a company id"),
  },
});

export function registerAccountRoutes(app: TApp, deps: TDeps) {
  app.use("/api/accounts/branding/*", rateLimit(deps, { name: "branding", windowMs: 60_000, max: 60 }));
  app.openapi(brandingRoute, async (c) => {
    const [company] = await deps.database.db
      .select({ name: companies.name, logoUrl: companies.logoUrl })
      .from(companies)
      .where(eq(companies.id, c.req.valid("param").companyId));
    if (!company) throw notFound("Company not found");
    return c.json(ZBrandingSchema.parse(company), 200);
  });
  app.use("/api/accounts/invitations/*", requireSession(deps));
  app.use(
    "/api/accounts/invitations/*",
    rateLimit(deps, { name: "accept-session", windowMs: 60_000, max: 30 }),
  );
  app.openapi(acceptAsSessionRoute, async (c) =>
    c.json(
      await acceptInvitationAsSessionUser(deps.database.db, currentUser(c), c.req.valid("param").token),
      200,
    ),
  );
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
