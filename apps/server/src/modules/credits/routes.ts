import { z } from "@hono/zod-openapi";
import {
  CREDIT_MESSAGES,
  creditLedgerCsvFileName,
  describeValidationIssue,
  ZCreditAdjustmentResultSchema,
  ZCreditAdjustmentSchema,
  ZCreditBuyersSchema,
  ZCreditLedgerQuerySchema,
  ZCreditLedgerSchema,
  ZCreditsHealthSchema,
} from "@leadpost/shared";
import type { Context } from "hono";
import type { ZodError } from "zod";
import type { TApp, TAppEnv, TDeps } from "../../app-types";
import { pingDatabase } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { errorResponse, zodFieldErrors } from "../../plugins/errors";
import { companyContext } from "../../plugins/tenant";
import { adjustCredits, exportLedgerCsv, listCreditBuyers, listLedger } from "./service";

const tags = ["Credits"];
const denied = {
  401: apiError("AUTH_REQUIRED: not signed in"),
  403: apiError("FORBIDDEN (not an owner or org admin) or PROFILE_NOT_FOUND (no company)"),
};

/**
 * Who may adjust and read credits, answering the codes of 002 §8 (AUTH_REQUIRED, PROFILE_NOT_FOUND,
 * FORBIDDEN) instead of the generic ones, so the Lead Credits screen can show its texts.
 */
const CREDITS_ADMINS = {
  auth: "company",
  roles: ["owner", "org_admin"],
  deniedMessage: CREDIT_MESSAGES.FORBIDDEN,
  rewordRefusal: (refusal: AppError) => {
    // Every refusal of the session check (signed out, an impersonation's hour over) is AUTH_REQUIRED.
    if (refusal.code === "UNAUTHENTICATED" || refusal.code === "IMPERSONATION_ENDED") {
      return new AppError("AUTH_REQUIRED", CREDIT_MESSAGES.AUTH_REQUIRED);
    }
    if (refusal.code === "NO_COMPANY")
      return new AppError("PROFILE_NOT_FOUND", CREDIT_MESSAGES.PROFILE_NOT_FOUND);
    return refusal;
  },
} as const;

const FIELD_CODES: Record<
  string,
  "INVALID_BUYER_ID" | "INVALID_AMOUNT" | "INVALID_REASON" | "INVALID_EXPIRY_DATE"
> = {
  buyerId: "INVALID_BUYER_ID",
  amount: "INVALID_AMOUNT",
  reason: "INVALID_REASON",
  expiresAt: "INVALID_EXPIRY_DATE",
};

/** Invalid adjustment input answers INVALID_<FIELD> (002 §8) with the field errors. */
function adjustmentValidationResponse(c: Context<TAppEnv>, error: ZodError) {
  const first = error.issues[0];
  const field = String(first?.path[0] ?? "");
  const code = FIELD_CODES[field] ?? "VALIDATION_FAILED";
  return errorResponse(
    c,
    code,
    first ? describeValidationIssue(first) : "Invalid input",
    zodFieldErrors(error),
  );
}

const healthRoute = defineRoute({
  ...CREDITS_ADMINS,
  method: "get",
  path: "/api/credits/health",
  tags,
  summary: "Health check of the credits service for the Lead Credits screen (echoes X-Request-ID)",
  responses: { 200: jsonContent(ZCreditsHealthSchema, "Reachable and signed in"), ...denied },
});

const buyersRoute = defineRoute({
  ...CREDITS_ADMINS,
  method: "get",
  path: "/api/credits/buyers",
  tags,
  summary: "The company's buyers with their credit balances (the grant/revoke form's choices)",
  responses: { 200: jsonContent(ZCreditBuyersSchema, "Buyers"), ...denied },
});

const ledgerRoute = defineRoute({
  ...CREDITS_ADMINS,
  method: "get",
  path: "/api/credits/ledger",
  tags,
  summary: "The latest 50 ledger entries of the company (or of one buyer), newest first",
  request: { query: ZCreditLedgerQuerySchema },
  responses: { 200: jsonContent(ZCreditLedgerSchema, "Ledger"), ...denied },
});

const exportRoute = defineRoute({
  ...CREDITS_ADMINS,
  method: "get",
  path: "/api/credits/ledger/export",
  tags,
  summary: "The company's whole ledger as CSV: Date, Buyer Email, Amount, Type, Reason, Notes, Expires At",
  responses: {
    200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } },
    ...denied,
  },
});

const adjustRoute = defineRoute({
  ...CREDITS_ADMINS,
  method: "post",
  path: "/api/credits/adjust",
  tags,
  summary: "Grant (positive amount) or revoke (negative amount) a buyer's credits; replay-safe by key",
  request: { body: jsonBody(ZCreditAdjustmentSchema) },
  responses: {
    200: jsonContent(ZCreditAdjustmentResultSchema, "Booked, or replayed (idempotent: true)"),
    ...denied,
    404: apiError("BUYER_NOT_FOUND or BUYER_NOT_IN_ORG"),
    409: apiError("INSUFFICIENT_CREDITS (details: currentBalance, attemptedChange), IDEMPOTENCY_KEY_REUSED"),
    422: apiError("INVALID_AMOUNT, INVALID_BUYER_ID, INVALID_REASON, INVALID_EXPIRY_DATE"),
    500: apiError("TRANSACTION_LOG_FAILED: nothing was changed"),
  },
});

export function registerCreditRoutes(app: TApp, deps: TDeps) {
  app.openapi(healthRoute, async (c) => {
    const databaseMs = await pingDatabase(deps.database.db);
    return c.json(
      {
        success: true as const,
        // The screen is served from the API's own origin, so browser calls never depend on CORS.
        corsEnabled: true,
        authVerified: true,
        databaseMs: Math.round(databaseMs * 10) / 10,
        requestId: c.get("requestId"),
      },
      200,
    );
  });
  app.openapi(buyersRoute, async (c) => c.json(await listCreditBuyers(deps, companyContext(c)), 200));
  app.openapi(ledgerRoute, async (c) =>
    c.json(await listLedger(deps, companyContext(c), c.req.valid("query")), 200),
  );
  app.openapi(exportRoute, async (c) => {
    const csv = await exportLedgerCsv(deps, companyContext(c));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${creditLedgerCsvFileName(new Date())}"`,
      "Cache-Control": "no-store",
    });
  });
  app.openapi(
    adjustRoute,
    async (c) =>
      c.json(await adjustCredits(deps, companyContext(c), c.req.valid("json"), c.get("requestId")), 200),
    (result, c) => {
      if (!result.success) return adjustmentValidationResponse(c, result.error);
    },
  );
}
