import { ZBuyerReturnListSchema, ZFiledReturnSchema, ZFileReturnSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { buyerContext } from "../../plugins/buyer-context";
import { defineRoute } from "../../plugins/define-route";
import { fileReturn } from "./file-return";
import { listReturns } from "./list";
import { readReturnSettings } from "./settings";

const BASE = "/api/buyer-returns";
const tags = ["Buyer Portal"];

const listRoute = defineRoute({
  auth: "buyer",
  method: "get",
  path: BASE,
  tags,
  summary: "The buyer's returns with their state and the company's note, and the company's return policy",
  responses: {
    200: jsonContent(ZBuyerReturnListSchema, "Returns and policy"),
    403: apiError("No active buyer account"),
  },
});

const fileRoute = defineRoute({
  auth: "buyer",
  method: "post",
  path: BASE,
  tags,
  summary:
    "Return a lead bought with credits, within the company's window, for one of its reasons (once per lead)",
  request: { body: jsonBody(ZFileReturnSchema) },
  responses: {
    201: jsonContent(ZFiledReturnSchema, "Filed (approved at once when an auto-approve rule applies)"),
    403: apiError("No active buyer account"),
    404: apiError("Not a lead this buyer bought"),
    409: apiError(
      "`RETURN_WINDOW_CLOSED` (the message names the window), `ALREADY_RETURNED`, `NOT_RETURNABLE` (not bought with credits)",
    ),
    422: apiError("A reason the company does not accept, or an invalid note, named in `error.fields`"),
  },
});

export function registerBuyerReturnRoutes(app: TApp, deps: TDeps) {
  app.openapi(listRoute, async (c) => {
    const ctx = buyerContext(c);
    const db = deps.database.db;
    const settings = await readReturnSettings(db, ctx.companyId);
    const returns = await listReturns(db, { companyId: ctx.companyId, buyerId: ctx.buyerId });
    return c.json({ returns, policy: { windowDays: settings.windowDays, reasons: settings.reasons } }, 200);
  });
  app.openapi(fileRoute, async (c) =>
    c.json(await fileReturn(deps, buyerContext(c), c.req.valid("json")), 201),
  );
}
