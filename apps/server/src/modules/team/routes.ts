import { z } from "@hono/zod-openapi";
import { SETTINGS_MESSAGES, ZTeamInviteSchema, ZTeamRoleSchema, ZTeamSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute, SETTINGS_ADMINS } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { changeTeamRole, getTeam, inviteTeamMember, removeTeamMember, revokeTeamInvitation } from "./service";

const BASE = "/api/settings/team";
const tags = ["Settings"];
const denied = { 403: apiError(SETTINGS_MESSAGES.ACCESS_DENIED) };
const team = (d: string) => jsonContent(ZTeamSchema, d);
const member = z.object({ userId: z.string().min(1).max(100) });

const getRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "get",
  path: BASE,
  tags,
  summary: "Team members, pending invitations and seats",
  responses: { 200: team("Team"), ...denied },
});
const inviteRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "post",
  path: `${BASE}/invitations`,
  tags,
  summary: "Invite by e-mail while a seat is free",
  request: { body: jsonBody(ZTeamInviteSchema) },
  responses: {
    200: team("Invited"),
    ...denied,
    409: apiError("Seat limit reached, or already on the team"),
    422: apiError("Invalid e-mail"),
  },
});
const revokeRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "delete",
  path: `${BASE}/invitations/{id}`,
  tags,
  summary: "Revoke a pending invitation",
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 200: team("Revoked"), ...denied, 404: apiError("Not found") },
});
const roleRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "put",
  path: `${BASE}/members/{userId}/role`,
  tags,
  summary: "Change a member's role (not the owner's)",
  request: { params: member, body: jsonBody(ZTeamRoleSchema) },
  responses: { 200: team("Changed"), ...denied, 404: apiError("Not found") },
});
const removeRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "delete",
  path: `${BASE}/members/{userId}`,
  tags,
  summary: "Remove a member from the company (never the owner)",
  request: { params: member },
  responses: { 200: team("Removed"), ...denied, 404: apiError("Not found") },
});

/** Settings routes: owner and org admin only. */
export function registerTeamRoutes(app: TApp, deps: TDeps) {
  app.openapi(getRoute, async (c) => c.json(await getTeam(deps, companyContext(c)), 200));
  app.openapi(inviteRoute, async (c) =>
    c.json(await inviteTeamMember(deps, companyContext(c), c.req.valid("json")), 200),
  );
  app.openapi(revokeRoute, async (c) =>
    c.json(await revokeTeamInvitation(deps, companyContext(c), c.req.valid("param").id), 200),
  );
  app.openapi(roleRoute, async (c) =>
    c.json(
      await changeTeamRole(deps, companyContext(c), c.req.valid("param").userId, c.req.valid("json").role),
      200,
    ),
  );
  app.openapi(removeRoute, async (c) =>
    c.json(await removeTeamMember(deps, companyContext(c), c.req.valid("param").userId), 200),
  );
}
