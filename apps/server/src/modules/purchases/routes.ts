import { ZPurchaseLeadResultSchema, ZPurchaseLeadSchema } from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { buyerContext } from "../../plugins/buyer-context";
import { defineRoute } from "../../plugins/define-route";
import { purchaseLeadWithCredit } from "./service";

const purchaseRoute = defineRoute({
  auth: "buyer",
  method: "post",
  path: "/api/purchases",
  tags: ["Purchases"],
  summary:
    "Unlock a previewed lead with credits (purchase-lead-with-credit): one slot, one consume entry, once per buyer",
  request: { body: jsonBody(ZPurchaseLeadSchema) },
  responses: {
    200: jsonContent(ZPurchaseLeadResultSchema, "Purchased, or already purchased (idempotent: true)"),
    402: apiError("INSUFFICIENT_CREDITS (details: currentBalance, attemptedChange)"),
    403: apiError("No active buyer account"),
    404: apiError("No preview of this lead for this buyer"),
    409: apiError("SOLD_OUT, ALREADY_PURCHASED (full access by other means), IDEMPOTENCY_KEY_REUSED"),
    422: apiError("Invalid input"),
  },
});

export function registerPurchaseRoutes(app: TApp, deps: TDeps) {
  app.openapi(purchaseRoute, async (c) =>
    c.json(await purchaseLeadWithCredit(deps, buyerContext(c), c.req.valid("json")), 200),
  );
}
