import { z } from "@hono/zod-openapi";
import { ZAcceptTeamInvitationSchema, ZTeamInvitationDetailsSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { rateLimit } from "../../plugins/rate-limit";
import { currentUser } from "../../plugins/session";
import { acceptTeamInvitation, acceptTeamInvitationAsUser, getTeamInvitation } from "./acceptance";

const BASE = "/api/team-invitations";
const tags = ["Team"];
const params = z.object({ token: z.string().min(20).max(200) });
const joined = jsonContent(z.object({ userId: z.string(), redirectTo: z.string() }), "Joined the company");
const gone = { 404: apiError("Invalid or expired invitation"), 409: apiError("Already used") };

const detailsRoute = defineRoute({
  auth: "public",
  method: "get",
  path: `${BASE}/{token}`,
  tags,
  summary: "What a team invitation link shows before joining",
  request: { params },
  responses: { 200: jsonContent(ZTeamInvitationDetailsSchema, "The invitation"), ...gone },
});
const acceptRoute = defineRoute({
  auth: "public",
  method: "post",
  path: `${BASE}/{token}/accept`,
  tags,
  summary: "A newcomer sets a name and password, joins the company and is signed in",
  request: { params, body: jsonBody(ZAcceptTeamInvitationSchema) },
  responses: { 200: joined, ...gone, 422: apiError("Invalid input") },
});
const acceptAsUserRoute = defineRoute({
  auth: "user",
  method: "post",
  path: `${BASE}/{token}/accept-session`,
  tags,
  summary: "The signed-in user with the invited address joins the company",
  request: { params },
  responses: {
    200: joined,
    403: apiError("Signed in with another address"),
    ...gone,
  },
});

/** The invited person's side of a team invitation (the link e-mailed from Settings → Team). */
export function registerTeamInvitationRoutes(app: TApp, deps: TDeps) {
  app.use(`${BASE}/*`, rateLimit(deps, { name: "team-invitations", windowMs: 60_000, max: 30 }));
  app.openapi(detailsRoute, async (c) =>
    c.json(await getTeamInvitation(deps, c.req.valid("param").token), 200),
  );
  app.openapi(acceptRoute, async (c) => {
    const { name, password } = c.req.valid("json");
    const accepted = await acceptTeamInvitation(deps, c.req.valid("param").token, { name, password });
    // Signed in through the auth service, so the session cookie is the usual one.
    const signIn = await deps.auth.api.signInEmail({
      body: { email: accepted.email, password },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    for (const cookie of signIn.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ userId: accepted.userId, redirectTo: "/dashboard" }, 200);
  });
  app.openapi(acceptAsUserRoute, async (c) => {
    const user = currentUser(c);
    const joinedAs = await acceptTeamInvitationAsUser(deps, c.req.valid("param").token, user);
    return c.json({ userId: joinedAs.userId, redirectTo: "/dashboard" }, 200);
  });
}
