import { z } from "@hono/zod-openapi";
import { ZWhoamiSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { currentUser } from "../../plugins/session";
import { answerInvitationForUser, listInvitationsForUser } from "../buyers";
import { ensureBuyerAccount } from "./buyer-account";
import { getWhoami } from "./service";

const whoamiRoute = defineRoute({
  auth: "user",
  method: "get",
  path: "/api/whoami",
  tags: ["Session"],
  summary: "The signed-in user's roles, company and buyer records",
  responses: {
    200: jsonContent(ZWhoamiSchema, "Who the session is"),
  },
});

const ZInvitationListSchema = z.array(
  z.object({
    id: z.string(),
    companyName: z.string(),
    companyLogoUrl: z.string().nullable(),
    expiresAt: z.string(),
  }),
);

const linkBuyerRoute = defineRoute({
  auth: "user",
  method: "post",
  path: "/api/session/link-buyer",
  tags: ["Session"],
  summary:
    "Called at every sign-in. Links nothing by itself: answers the open buyer invitations for the user's verified e-mail, which they accept or decline on the invitations page",
  responses: {
    200: jsonContent(
      z.object({ linked: z.literal(0), invitations: ZInvitationListSchema }),
      "Nothing linked; the invitations waiting for an answer",
    ),
  },
});

const invitationsRoute = defineRoute({
  auth: "user",
  method: "get",
  path: "/api/session/invitations",
  tags: ["Session"],
  summary: "Buyer invitations sent to the signed-in user's verified e-mail and not yet answered",
  responses: {
    200: jsonContent(z.object({ invitations: ZInvitationListSchema }), "Open invitations"),
  },
});

const answerInvitationRoute = (answer: "accept" | "decline") =>
  defineRoute({
    auth: "user",
    method: "post",
    path: `/api/session/invitations/{invitationId}/${answer}`,
    tags: ["Session"],
    summary:
      answer === "accept"
        ? "Accept: the company's buyer record is linked to the signed-in user (active unless the company deactivated it)"
        : "Decline: nothing is linked and the invitation is closed",
    request: { params: z.object({ invitationId: z.uuid() }) },
    responses: {
      200: jsonContent(
        z.object({ status: z.enum(["accepted", "declined"]), redirectTo: z.string() }),
        "Answered",
      ),
      404: apiError("No open invitation of this user with that id"),
    },
  });

const buyerAccountRoute = defineRoute({
  auth: "user",
  method: "post",
  path: "/api/session/buyer-account",
  tags: ["Session"],
  summary: "Standalone buyer login: the user's active buyer record, created in their company if missing",
  responses: {
    200: jsonContent(
      z.object({ buyerId: z.string(), companyId: z.string(), created: z.boolean() }),
      "The active buyer record",
    ),
    403: apiError("Inactive buyer, or an account without a company"),
  },
});

export function registerSessionRoutes(app: TApp, deps: TDeps) {
  app.openapi(linkBuyerRoute, async (c) =>
    c.json(
      { linked: 0 as const, invitations: await listInvitationsForUser(deps.database.db, currentUser(c)) },
      200,
    ),
  );
  app.openapi(invitationsRoute, async (c) =>
    c.json({ invitations: await listInvitationsForUser(deps.database.db, currentUser(c)) }, 200),
  );
  for (const answer of ["accept", "decline"] as const) {
    app.openapi(answerInvitationRoute(answer), async (c) =>
      c.json(
        await answerInvitationForUser(
          deps.database.db,
          currentUser(c),
          c.req.valid("param").invitationId,
          answer,
        ),
        200,
      ),
    );
  }
  app.openapi(buyerAccountRoute, async (c) =>
    c.json(await ensureBuyerAccount(deps.database.db, currentUser(c)), 200),
  );
  app.openapi(whoamiRoute, async (c) => {
    const whoami = await getWhoami(deps.database.db, currentUser(c), deps.config.platformAdminEmails);
    return c.json(ZWhoamiSchema.parse(whoami), 200);
  });
}
