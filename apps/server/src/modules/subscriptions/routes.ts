import { z } from "@hono/zod-openapi";
import {
  SETTINGS_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  ZConfirmSubscriptionSchema,
  ZCreateSubscriptionSchema,
  ZSubscriptionCancelResultSchema,
  ZSubscriptionCheckoutSchema,
  ZSubscriptionConfirmResultSchema,
  ZSubscriptionStateSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { defineRoute, SETTINGS_ADMINS } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { payPalWebhookHeaders } from "../payments";
import { cancelCompanySubscription, changeSubscriptionPlan } from "./plan-changes";
import { confirmSubscription, getSubscriptionState, startSubscription } from "./service";
import { handleSubscriptionWebhook } from "./webhooks";

const BASE = "/api/settings/subscription";
const tags = ["Settings"];
const denied = { 403: apiError(SETTINGS_MESSAGES.ACCESS_DENIED) };

const getRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "get",
  path: BASE,
  tags,
  summary: "The company's subscription tier, status, seats and trial",
  responses: { 200: jsonContent(ZSubscriptionStateSchema, "Subscription"), ...denied },
});
const createSubscriptionRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "post",
  path: BASE,
  tags,
  summary: "create-paypal-subscription: a PayPal subscription to the platform's plan for a paid tier",
  request: { body: jsonBody(ZCreateSubscriptionSchema) },
  responses: {
    200: jsonContent(ZSubscriptionCheckoutSchema, "Created at PayPal; approve it at approveUrl"),
    ...denied,
    409: apiError("Already on a paid tier, or the platform's PayPal app or plan is not set up"),
    422: apiError("Invalid tier"),
    502: apiError(SUBSCRIPTION_MESSAGES.CREATE_FAILED),
  },
});
const confirmRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "post",
  path: `${BASE}/confirm`,
  tags,
  summary: "After PayPal's approval: read the subscription back and apply the tier once it is ACTIVE",
  request: { body: jsonBody(ZConfirmSubscriptionSchema) },
  responses: {
    200: jsonContent(ZSubscriptionConfirmResultSchema, SUBSCRIPTION_MESSAGES.CREATED),
    ...denied,
    404: apiError("Not one of this company's subscriptions"),
    409: apiError(`${SUBSCRIPTION_MESSAGES.CANCELLED}, or not active at PayPal`),
    502: apiError(SUBSCRIPTION_MESSAGES.PROCESS_FAILED),
  },
});
const changeRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "post",
  path: `${BASE}/change`,
  tags,
  summary:
    "Change plan on a paid tier: PayPal's revise to the tier's plan; the subscriber consents at approveUrl, then confirm applies it",
  request: { body: jsonBody(ZCreateSubscriptionSchema) },
  responses: {
    200: jsonContent(ZSubscriptionCheckoutSchema, "Revised at PayPal; consent at approveUrl"),
    ...denied,
    409: apiError(`${SUBSCRIPTION_MESSAGES.NOT_SUBSCRIBED}, ${SUBSCRIPTION_MESSAGES.SAME_TIER}, or no plan`),
    422: apiError("Invalid tier"),
    502: apiError(SUBSCRIPTION_MESSAGES.CHANGE_FAILED),
  },
});
const cancelRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "post",
  path: `${BASE}/cancel`,
  tags,
  summary: "Cancel the subscription at PayPal; the company falls back to free with 2 seats at once",
  responses: {
    200: jsonContent(ZSubscriptionCancelResultSchema, SUBSCRIPTION_MESSAGES.SUBSCRIPTION_CANCELLED),
    ...denied,
    409: apiError(SUBSCRIPTION_MESSAGES.NOT_SUBSCRIBED),
    502: apiError(SUBSCRIPTION_MESSAGES.CANCEL_FAILED),
  },
});
const webhookRoute = defineRoute({
  auth: "public",
  method: "post",
  path: "/api/webhooks/paypal/subscriptions",
  tags: ["Payments"],
  summary: "PayPal BILLING.SUBSCRIPTION.* webhooks of the platform's apps, verified and applied once",
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

/** Settings routes: owner and org admin only, the company from the session. */
export function registerSubscriptionRoutes(app: TApp, deps: TDeps) {
  app.openapi(getRoute, async (c) => c.json(await getSubscriptionState(deps, companyContext(c)), 200));
  app.openapi(createSubscriptionRoute, async (c) =>
    c.json(await startSubscription(deps, companyContext(c), c.req.valid("json")), 200),
  );
  app.openapi(changeRoute, async (c) =>
    c.json(await changeSubscriptionPlan(deps, companyContext(c), c.req.valid("json")), 200),
  );
  app.openapi(cancelRoute, async (c) =>
    c.json(await cancelCompanySubscription(deps, companyContext(c)), 200),
  );
  app.openapi(confirmRoute, async (c) =>
    c.json(
      await confirmSubscription(deps, companyContext(c), c.req.valid("json").subscriptionId, c.get("log")),
      200,
    ),
  );
}

/** Registered before the per-company PayPal webhook route, whose {companyId} would take this path. */
export function registerSubscriptionWebhooks(app: TApp, deps: TDeps) {
  app.openapi(webhookRoute, async (c) => {
    const headers = payPalWebhookHeaders(c);
    return c.json(await handleSubscriptionWebhook(deps, headers, await c.req.text(), c.get("log")), 200);
  });
}
