import { z } from "@hono/zod-openapi";
import {
  ZCaptureResultSchema,
  ZCreateCreditOrderSchema,
  ZCreditOrderSchema,
  ZPayPalSettingsSchema,
  ZPayPalSettingsUpdateSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { buyerContext } from "../../plugins/buyer-context";
import { defineRoute } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { getPayPalSettings, updatePayPalSettings } from "./paypal-settings";
import { captureCreditPayment, createCreditOrder } from "./service";
import { payPalWebhookHeaders } from "./webhook-intake";
import { handlePayPalWebhook } from "./webhooks";

const tags = ["Payments"];
const ORDERS = "/api/payments/credit-orders";
const SETTINGS = "/api/payments/paypal/settings";

// The PayPal settings: owners and org admins, refused in requireCompanyRole's own words.
const PAYPAL_ADMINS = { auth: "company", roles: ["owner", "org_admin"] } as const;

const createOrderRoute = defineRoute({
  auth: "buyer",
  method: "post",
  path: ORDERS,
  tags,
  summary: "create-credit-order: a PayPal order for a credit pack × quantity (the company's PayPal app)",
  request: { body: jsonBody(ZCreateCreditOrderSchema) },
  responses: {
    200: jsonContent(ZCreditOrderSchema, "Created at PayPal; the buyer approves it at approveUrl"),
    403: apiError("No active buyer account"),
    409: apiError("PAYPAL_NOT_CONFIGURED"),
    422: apiError("Invalid pack or quantity"),
    502: apiError("Failed to create order"),
  },
});

const captureRoute = defineRoute({
  auth: "buyer",
  method: "post",
  path: `${ORDERS}/{orderId}/capture`,
  tags,
  summary: "capture-credit-payment: capture the approved order; credits are added once, on COMPLETED",
  request: { params: z.object({ orderId: z.string().min(1).max(64) }) },
  responses: {
    200: jsonContent(ZCaptureResultSchema, "Settled (completed, or pending at PayPal)"),
    402: apiError("Payment failed. Please try again."),
    404: apiError("Not one of this buyer's orders"),
    409: apiError("PAYPAL_NOT_CONFIGURED"),
    502: apiError("Failed to complete purchase"),
  },
});

const webhookRoute = defineRoute({
  auth: "public",
  method: "post",
  path: "/api/webhooks/paypal/{companyId}",
  tags,
  summary: "PayPal webhook of a company: verified with verify-webhook-signature, once per event id",
  request: { params: z.object({ companyId: z.uuid() }) },
  responses: {
    200: jsonContent(
      z.object({
        received: z.literal(true),
        duplicate: z.boolean(),
        outcome: z.enum(["processed", "ignored"]),
      }),
      "Accepted",
    ),
    400: apiError("WEBHOOK_INVALID: unverified or malformed"),
    503: apiError("PayPal could not be reached to verify (PayPal retries)"),
  },
});

const getSettingsRoute = defineRoute({
  ...PAYPAL_ADMINS,
  method: "get",
  path: SETTINGS,
  tags,
  summary: "The company's PayPal apps (client ids, last four of secrets, webhook ids) and webhook URL",
  responses: { 200: jsonContent(ZPayPalSettingsSchema, "Settings"), 403: apiError("Not an owner or admin") },
});

const putSettingsRoute = defineRoute({
  ...PAYPAL_ADMINS,
  method: "put",
  path: SETTINGS,
  tags,
  summary: "Save the sandbox or live PayPal app; the secret is encrypted at rest",
  request: { body: jsonBody(ZPayPalSettingsUpdateSchema) },
  responses: {
    200: jsonContent(ZPayPalSettingsSchema, "Saved"),
    403: apiError("Not an owner or admin"),
    422: apiError("Invalid input"),
  },
});

export function registerPaymentRoutes(app: TApp, deps: TDeps) {
  app.openapi(createOrderRoute, async (c) =>
    c.json(await createCreditOrder(deps, buyerContext(c), c.req.valid("json"), c.get("log")), 200),
  );
  app.openapi(captureRoute, async (c) =>
    c.json(
      await captureCreditPayment(deps, buyerContext(c), c.req.valid("param").orderId, c.get("log")),
      200,
    ),
  );
  app.openapi(webhookRoute, async (c) => {
    const headers = payPalWebhookHeaders(c);
    const result = await handlePayPalWebhook(
      deps,
      c.req.valid("param").companyId,
      headers,
      await c.req.text(),
      c.get("log"),
    );
    return c.json(result, 200);
  });
  app.openapi(getSettingsRoute, async (c) => c.json(await getPayPalSettings(deps, companyContext(c)), 200));
  app.openapi(putSettingsRoute, async (c) =>
    c.json(await updatePayPalSettings(deps, companyContext(c), c.req.valid("json")), 200),
  );
}
