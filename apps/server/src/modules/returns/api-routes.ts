import {
  ZApproveReturnSchema,
  ZRejectReturnSchema,
  ZReturnDecisionSchema,
  ZReturnIdParamsSchema,
  ZReturnListQuerySchema,
  ZReturnListSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { asKeyCompany } from "../../plugins/api-key-caller";
import { defineRoute } from "../../plugins/define-route";
import { approveReturn, rejectReturn } from "./decide";
import { countReturns, listReturns } from "./list";

const tags = ["Lead API"];

const listRoute = defineRoute({
  auth: "apiKey",
  method: "get",
  path: "/api/v1/returns",
  operationId: "listReturns",
  tags,
  summary: "The key's company's lead returns of one status (pending by default), with the counts",
  request: { query: ZReturnListQuerySchema },
  responses: {
    200: jsonContent(ZReturnListSchema, "Returns"),
    422: apiError("`VALIDATION_FAILED`: unknown `status`"),
  },
});

const decisionResponses = {
  200: jsonContent(ZReturnDecisionSchema, "Decided, with the buyer's balance after it"),
  404: apiError("Not one of the key's company's returns"),
  409: apiError("`RETURN_ALREADY_DECIDED`: the return was approved or rejected before"),
  422: apiError("`VALIDATION_FAILED`: invalid note"),
};

const approveRoute = defineRoute({
  auth: "apiKey",
  method: "post",
  path: "/api/v1/returns/{returnId}/approve",
  operationId: "approveReturn",
  tags,
  summary:
    "Approve a pending return: one `refund` ledger entry of its credits; `resell` frees the lead's slot",
  request: { params: ZReturnIdParamsSchema, body: jsonBody(ZApproveReturnSchema) },
  responses: decisionResponses,
});

const rejectRoute = defineRoute({
  auth: "apiKey",
  method: "post",
  path: "/api/v1/returns/{returnId}/reject",
  operationId: "rejectReturn",
  tags,
  summary: "Reject a pending return (no balance changes); the note is shown to the buyer",
  request: { params: ZReturnIdParamsSchema, body: jsonBody(ZRejectReturnSchema) },
  responses: decisionResponses,
});

/** Returns over the Lead API: a key decides as its company, with no user named on the decision. */
export function registerReturnApiRoutes(app: TApp, deps: TDeps) {
  const db = deps.database.db;
  app.openapi(listRoute, async (c) => {
    const status = c.req.valid("query").status;
    const list = await asKeyCompany(deps, c, async ({ companyId }) => ({
      returns: await listReturns(db, { companyId, status: status === "all" ? undefined : status }),
      counts: await countReturns(db, companyId),
    }));
    return c.json(list, 200);
  });
  app.openapi(approveRoute, async (c) => {
    const input = c.req.valid("json");
    const { returnId } = c.req.valid("param");
    const decided = await asKeyCompany(deps, c, ({ companyId }) =>
      approveReturn(deps, { companyId, userId: null }, returnId, input),
    );
    return c.json(decided, 200);
  });
  app.openapi(rejectRoute, async (c) => {
    const input = c.req.valid("json");
    const { returnId } = c.req.valid("param");
    const decided = await asKeyCompany(deps, c, ({ companyId }) =>
      rejectReturn(deps, { companyId, userId: null }, returnId, input),
    );
    return c.json(decided, 200);
  });
}
