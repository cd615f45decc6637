import { z } from "@hono/zod-openapi";
import { ZCompanyRegistrationResultSchema, ZCompanyRegistrationSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { clientIp } from "../../plugins/client-ip";
import { defineRoute } from "../../plugins/define-route";
import { rateLimit } from "../../plugins/rate-limit";
import { currentUser } from "../../plugins/session";
import { acceptInvitationAsSessionUser } from "./google-invitation";
import { checkResetToken } from "./reset-token";
import { companyBranding, registerCompany } from "./service";

const registerCompanyRoute = defineRoute({
  auth: "public",
  method: "post",
  path: "/api/accounts/company",
  tags: ["Accounts"],
  summary:
    "Register a company and its owner; sends the verification e-mail. An address that already has an account gets the same answer, and its owner an e-mail instead.",
  request: {
    body: jsonBody(ZCompanyRegistrationSchema),
  },
  responses: {
    201: jsonContent(ZCompanyRegistrationResultSchema, "Created (or, unsaid, the address was taken)"),
    422: apiError("Invalid input"),
    429: apiError("Too many registrations from this address"),
  },
});

const acceptAsSessionRoute = defineRoute({
  auth: "user",
  method: "post",
  path: "/api/accounts/invitations/{token}/accept-session",
  tags: ["Accounts"],
  summary: "Accept a buyer invitation as the signed-in user (after Google sign-in with the invited address)",
  request: { params: z.object({ token: z.string().min(1).max(200) }) },
  responses: {
    200: jsonContent(z.object({ buyerId: z.string(), redirectTo: z.string() }), "Linked and activated"),
    403: apiError("Signed in with another address"),
    404: apiError("Invalid or expired invitation, or the buyer is gone"),
    409: apiError("This invitation has already been used"),
  },
});

const ZBrandingSchema = z.object({ name: z.string(), logoUrl: z.string().nullable() });

const brandingRoute = defineRoute({
  auth: "public",
  method: "get",
  path: "/api/accounts/branding/{companyId}",
  tags: ["Accounts"],
  summary: "A company's name and logo for the reset page's branding (000 §2.8 tenant_id); nothing else",
  request: { params: z.object({ companyId: z.uuid() }) },
  responses: {
    200: jsonContent(ZBrandingSchema, "Branding"),
    404: apiError("No such company"),
    422: apiError("Not a company id"),
  },
});

const resetTokenRoute = defineRoute({
  auth: "public",
  method: "get",
  path: "/api/accounts/reset-tokens/{token}",
  tags: ["Accounts"],
  summary: "Whether a password reset link can still be used (000 §2.8: checked before asking for a password)",
  request: { params: z.object({ token: z.string().min(1).max(200) }) },
  responses: {
    200: {
      description: "Usable or not",
      content: {
        "application/json": { schema: z.object({ valid: z.boolean(), email: z.string().nullable() }) },
      },
    },
    422: apiError("Not a reset token"),
    429: apiError("Too many checks from this address; try again in a minute"),
  },
});

export function registerAccountRoutes(app: TApp, deps: TDeps) {
  app.use(
    "/api/accounts/reset-tokens/*",
    rateLimit(deps, { name: "reset-token", windowMs: 60_000, max: 30 }),
  );
  app.openapi(resetTokenRoute, async (c) =>
    c.json(await checkResetToken(deps, c.req.valid("param").token), 200),
  );
  app.use("/api/accounts/branding/*", rateLimit(deps, { name: "branding", windowMs: 60_000, max: 60 }));
  app.openapi(brandingRoute, async (c) => {
    const company = await companyBranding(deps.database.db, c.req.valid("param").companyId);
    return c.json(ZBrandingSchema.parse(company), 200);
  });
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
