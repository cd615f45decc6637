import { z } from "@hono/zod-openapi";
import {
  ZAcceptInvitationSchema,
  ZInvitationDetailsSchema,
  ZInviteBuyerResultSchema,
  ZInviteBuyerSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { rateLimit } from "../../plugins/rate-limit";
import { companyContext } from "../../plugins/tenant";
import { acceptInvitation, getInvitation, inviteBuyer } from "./invitations";

const ZTokenParams = z.object({ token: z.string().min(20).max(200) });

const inviteRoute = defineRoute({
  auth: "company",
  roles: ["owner", "org_admin"],
  deniedMessage: "Permission denied. You must be an owner or admin to create buyers.",
  method: "post",
  path: "/api/buyers/invite",
  tags: ["Buyers"],
  summary: "Invite a buyer (or resend its invitation): creates a pending buyer and e-mails a single-use link",
  request: { body: jsonBody(ZInviteBuyerSchema) },
  responses: {
    200: jsonContent(ZInviteBuyerResultSchema, "Invitation sent"),
    403: apiError("Not an owner or admin, or tier limit"),
    404: apiError("Buyer not found"),
    409: apiError("Duplicate buyer for this niche"),
    422: apiError("Invalid input"),
  },
});

const invitationRoute = defineRoute({
  auth: "public",
  method: "get",
  path: "/api/invitations/{token}",
  tags: ["Buyers"],
  summary: "What an invitation link shows before registering",
  request: { params: ZTokenParams },
  responses: {
    200: jsonContent(ZInvitationDetailsSchema, "The invitation"),
    404: apiError("Invalid or expired invitation"),
    409: apiError("This invitation has already been used"),
  },
});

const acceptRoute = defineRoute({
  auth: "public",
  method: "post",
  path: "/api/invitations/{token}/accept",
  tags: ["Buyers"],
  summary: "Set a password, activate the buyer and sign in",
  request: {
    params: ZTokenParams,
    body: jsonBody(ZAcceptInvitationSchema),
  },
  responses: {
    200: jsonContent(
      z.object({ userId: z.string(), buyerId: z.string(), redirectTo: z.string() }),
      "Registered and signed in",
    ),
    404: apiError("Invalid or expired invitation"),
    409: apiError("Already used, or an account already exists"),
    422: apiError("Invalid input"),
  },
});

/** POST /api/buyers/invite: an owner or admin invites a buyer by e-mail. */
export function registerBuyerInviteRoute(app: TApp, deps: TDeps) {
  app.openapi(inviteRoute, async (c) =>
    c.json(await inviteBuyer(deps, companyContext(c), c.req.valid("json")), 200),
  );
}

/** The invited buyer's side: read an invitation by its token and accept it with a password. */
export function registerInvitationRoutes(app: TApp, deps: TDeps) {
  app.use("/api/invitations/*", rateLimit(deps, { name: "invitations", windowMs: 60_000, max: 30 }));
  app.openapi(invitationRoute, async (c) =>
    c.json(await getInvitation(deps, c.req.valid("param").token), 200),
  );
  app.openapi(acceptRoute, async (c) => {
    const { token } = c.req.valid("param");
    const { password } = c.req.valid("json");
    const accepted = await acceptInvitation(deps, token, password);
    // Sign the new buyer in through the auth service so the session cookie is the usual one.
    const signIn = await deps.auth.api.signInEmail({
      body: { email: accepted.email, password },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    for (const cookie of signIn.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.json(
      { userId: accepted.userId, buyerId: accepted.buyerId, redirectTo: "/buyer/dashboard" },
      200,
    );
  });
}
