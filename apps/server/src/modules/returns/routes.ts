import {
  ZApproveReturnSchema,
  ZPhoneMarkSchema,
  ZRejectReturnSchema,
  ZReturnCountsSchema,
  ZReturnDecisionSchema,
  ZReturnIdParamsSchema,
  ZReturnLeadIdParamsSchema,
  ZReturnListQuerySchema,
  ZReturnListSchema,
  ZReturnRatesQuerySchema,
  ZReturnRatesSchema,
  ZReturnSettingsPatchSchema,
  ZReturnSettingsSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { approveReturn, rejectReturn } from "./decide";
import { countReturns, listReturns } from "./list";
import { readPhoneMark, setPhoneInvalid } from "./phone-marks";
import { returnRates } from "./rates";
import { assertCanDecide, readReturnSettings, updateReturnSettings } from "./settings";

const tags = ["Returns"];
const forbidden = apiError("No company, or not an owner or admin");
const notFound = apiError("Not one of this company's returns");

const listRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/returns",
  tags,
  summary: "The company's lead returns of one status (pending by default), newest first, with the counts",
  request: { query: ZReturnListQuerySchema },
  responses: {
    200: jsonContent(ZReturnListSchema, "Returns"),
    403: forbidden,
    422: apiError("Unknown status"),
  },
});

const countRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/returns/counts",
  tags,
  summary: "How many returns are pending, approved and rejected (the navigation shows the pending count)",
  responses: { 200: jsonContent(ZReturnCountsSchema, "Counts"), 403: forbidden },
});

const decisionResponses = {
  200: jsonContent(ZReturnDecisionSchema, "Decided, with the buyer's balance after it"),

  403: forbidden,
  404: notFound,
  409: apiError("`RETURN_ALREADY_DECIDED`: the return was approved or rejected before"),
  422: apiError("Invalid note"),
};

const approveRoute = defineRoute({
  auth: "company",
  method: "post",
  path: "/api/returns/{returnId}/approve",
  tags,
  summary:
    "Approve a pending return: its credits come back as one `refund` ledger entry (once, however many approvals race); `resell` frees the lead's slot",
  request: { params: ZReturnIdParamsSchema, body: jsonBody(ZApproveReturnSchema) },
  responses: decisionResponses,
});

const rejectRoute = defineRoute({
  auth: "company",
  method: "post",
  path: "/api/returns/{returnId}/reject",
  tags,
  summary: "Reject a pending return (no balance changes); the note is shown to the buyer",
  request: { params: ZReturnIdParamsSchema, body: jsonBody(ZRejectReturnSchema) },
  responses: decisionResponses,
});

const settingsRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/returns/settings",
  tags,
  summary: "The company's return window, reasons and rules",
  responses: { 200: jsonContent(ZReturnSettingsSchema, "Settings"), 403: forbidden },
});

const updateSettingsRoute = defineRoute({
  auth: "company",
  method: "patch",
  path: "/api/returns/settings",
  tags,
  summary: "Change the return window, reasons or rules (only what is named changes)",
  request: { body: jsonBody(ZReturnSettingsPatchSchema) },
  responses: {
    200: jsonContent(ZReturnSettingsSchema, "Saved"),
    403: forbidden,
    422: apiError("Invalid window or reasons, named in `error.fields`"),
  },
});

const ratesRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/returns/rates",
  tags,
  summary: "Return rates per buyer and per form for the leads bought in the last 7, 30 or 90 days",
  request: { query: ZReturnRatesQuerySchema },
  responses: {
    200: jsonContent(ZReturnRatesSchema, "Rates"),
    403: forbidden,
    422: apiError("Choose 7, 30 or 90 days"),
  },
});

const markRoute = defineRoute({
  auth: "company",
  method: "put",
  path: "/api/lead-phone-marks/{leadId}",
  tags,
  summary:
    "Mark a lead's phone number invalid (with the auto-approve rule on, its pending returns are approved)",
  request: { params: ZReturnLeadIdParamsSchema },
  responses: {
    200: jsonContent(ZPhoneMarkSchema, "Marked"),
    403: forbidden,
    404: apiError("Not one of this company's leads"),
  },
});

const readMarkRoute = defineRoute({
  auth: "company",
  method: "get",
  path: "/api/lead-phone-marks/{leadId}",
  tags,
  summary: "Whether the company marked a lead's phone number invalid",
  request: { params: ZReturnLeadIdParamsSchema },
  responses: {
    200: jsonContent(ZPhoneMarkSchema, "The mark"),
    403: forbidden,
    404: apiError("Not one of this company's leads"),
  },
});

const unmarkRoute = defineRoute({
  auth: "company",
  method: "delete",
  path: "/api/lead-phone-marks/{leadId}",
  tags,
  summary: "Clear a lead's invalid-phone mark",
  request: { params: ZReturnLeadIdParamsSchema },
  responses: {
    200: jsonContent(ZPhoneMarkSchema, "Cleared"),
    403: forbidden,
    404: apiError("Not one of this company's leads"),
  },
});

/** Every company role reads returns and marks phones; owners and org admins decide and set the rules. */
export function registerReturnRoutes(app: TApp, deps: TDeps) {
  const db = deps.database.db;
  app.openapi(listRoute, async (c) => {
    const { companyId } = companyContext(c);
    const status = c.req.valid("query").status;
    const returns = await listReturns(db, { companyId, status: status === "all" ? undefined : status });
    return c.json({ returns, counts: await countReturns(db, companyId) }, 200);
  });
  app.openapi(countRoute, async (c) => c.json(await countReturns(db, companyContext(c).companyId), 200));
  app.openapi(settingsRoute, async (c) =>
    c.json(await readReturnSettings(db, companyContext(c).companyId), 200),
  );
  app.openapi(updateSettingsRoute, async (c) =>
    c.json(await updateReturnSettings(db, companyContext(c), c.req.valid("json")), 200),
  );
  app.openapi(ratesRoute, async (c) =>
    c.json(await returnRates(db, companyContext(c).companyId, c.req.valid("query").days), 200),
  );
  app.openapi(approveRoute, async (c) => {
    const ctx = companyContext(c);
    assertCanDecide(ctx);
    const decider = { companyId: ctx.companyId, userId: ctx.userId };
    return c.json(
      await approveReturn(deps, decider, c.req.valid("param").returnId, c.req.valid("json")),
      200,
    );
  });
  app.openapi(rejectRoute, async (c) => {
    const ctx = companyContext(c);
    assertCanDecide(ctx);
    const decider = { companyId: ctx.companyId, userId: ctx.userId };
    return c.json(await rejectReturn(deps, decider, c.req.valid("param").returnId, c.req.valid("json")), 200);
  });
  app.openapi(readMarkRoute, async (c) =>
    c.json(await readPhoneMark(db, companyContext(c).companyId, c.req.valid("param").leadId), 200),
  );
  app.openapi(markRoute, async (c) =>
    c.json(await setPhoneInvalid(deps, companyContext(c), c.req.valid("param").leadId, true), 200),
  );
  app.openapi(unmarkRoute, async (c) =>
    c.json(await setPhoneInvalid(deps, companyContext(c), c.req.valid("param").leadId, false), 200),
  );
}
