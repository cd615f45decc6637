import { createRoute, z } from "@hono/zod-openapi";
import { ZApiErrorSchema, ZWhoamiSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { currentUser, requireSession } from "../../plugins/session";
import { linkPendingBuyers } from "../buyers/invitations";
import { ensureBuyerAccount } from "./buyer-account";
import { getWhoami } from "./service";

const whoamiRoute = createRoute({
  method: "get",
  path: "/api/whoami",
  tags: ["Session"],
  summary: "The signed-in user's roles, company and buyer records",
  responses: {
    200: { description: "Who the session is", content: { "application/json": { schema: ZWhoamiSchema } } },
    401: { description: "Not signed in", content: { "application/json": { schema: ZApiErrorSchema } } },
  },
});

const linkBuyerRoute = createRoute({
  method: "post",
  path: "/api/session/link-buyer",
  tags: ["Session"],
  summary: "Link pending buyer records that carry the signed-in user's verified e-mail",
  responses: {
    200: {
      description: "How many were linked",
      content: { "application/json": { schema: z.object({ linked: z.number() }) } },
    },
    401: { description: "Not signed in", content: { "application/json": { schema: ZApiErrorSchema } } },
  },
});

const buyerAccountRoute = createRoute({
  method: "post",
  path: "/api/session/buyer-account",
  tags: ["Session"],
  summary: "Standalone buyer login: the user's active buyer record, created in their company if missing",
  responses: {
    200: {
      description: "The active buyer record",
      content: {
        "application/json": {
          schema: z.object({ buyerId: z.string(), companyId: z.string(), created: z.boolean() }),
        },
      },
    },
    401: { description: "Not signed in", content: { "application/json": { schema: ZApiErrorSchema } } },
    403: {
      description: "Inactive buyer, or an account without a company",
      content: { "application/json": { schema: ZApiErrorSchema } },
    },
  },
});

export function registerSessionRoutes(app: TApp, deps: TDeps) {
  app.use("/api/session/*", requireSession(deps));
  app.openapi(linkBuyerRoute, async (c) =>
    c.json({ linked: await linkPendingBuyers(deps.database.db, currentUser(c)) }, 200),
  );
  app.openapi(buyerAccountRoute, async (c) =>
    c.json(await ensureBuyerAccount(deps.database.db, currentUser(c)), 200),
  );
  app.use("/api/whoami", requireSession(deps));
  app.openapi(whoamiRoute, async (c) => {
    const whoami = await getWhoami(deps.database.db, currentUser(c), deps.config.platformAdminEmails);
    return c.json(ZWhoamiSchema.parse(whoami), 200);
  });
}
