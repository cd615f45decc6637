import { createHash, createHmac, randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { sendJson, startHttpFake, type TRecordedRequest } from "./http-fake";
import { createPayPalBillingFake } from "./paypal-billing-fake";
import { createPayPalCatalogFake } from "./paypal-catalog-fake";

type TCaptureOutcome = "COMPLETED" | "PENDING" | "DECLINED" | "INSTRUMENT_DECLINED";
type TExperience = { return_url?: string; cancel_url?: string; user_action?: string };
type TOrder = {
  id: string;
  status: "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  amount: { currency_code: string; value: string };
  referenceId: string;
  /** payment_source.paypal.experience_context as sent on create. */
  experience: TExperience | null;
  capture: Record<string, unknown> | null;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** PayPal's approval window, reduced to its two choices: pay, or cancel and go back to the merchant. */
function sendApprovalPage(res: ServerResponse, order: TOrder) {
  const token = encodeURIComponent(order.id);
  const amount = escapeHtml(`${order.amount.value} ${order.amount.currency_code}`);
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PayPal Checkout</title></head>
<body>
  <main>
    <h1>Pay with PayPal</h1>
    <p>Order ${escapeHtml(order.id)}: <strong>${amount}</strong></p>
    <p><a href="/checkoutnow?token=${token}&amp;action=approve">Pay Now</a></p>
    <p><a href="/checkoutnow?token=${token}&amp;action=cancel">Cancel and return to merchant</a></p>
  </main>
</body></html>`);
}

/**
 * Speaks the parts of PayPal's REST API Leadpost uses: POST /v1/oauth2/token (client credentials with
 * Basic auth), POST /v2/checkout/orders (with a payer-action link to GET /checkoutnow, the buyer's
 * approval page with Pay Now and Cancel links: action=approve redirects to the order's return_url with
 * token=<order id>, action=cancel to its cancel_url), POST /v2/checkout/orders/{id}/capture (Bearer token,
 * PayPal-Request-Id replays the first answer), POST /v1/notifications/verify-webhook-signature, and the
 * catalog, billing plans and billing subscriptions (./paypal-catalog-fake.ts, ./paypal-billing-fake.ts).
 * Tests approve orders (the buyer's step at PayPal), choose what the next capture does, and sign
 * webhook deliveries the way only this "PayPal" can.
 */
export async function startPayPalFake(app: { clientId: string; secret: string }) {
  const signingKey = randomUUID();
  const tokens = new Set<string>();
  const orders = new Map<string, TOrder>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const catalog = createPayPalCatalogFake();
  const billing = createPayPalBillingFake(
    () => fake.url,
    (planId) => catalog.plans.get(planId)?.status === "ACTIVE",
  );
  const state: {
    nextCapture: TCaptureOutcome;
    /** Captures this amount instead of the order's (a tampered or partial payment). */
    captureAmountOverride: string | null;
    captureCalls: number;
    /** Holds capture answers until released, to race them against webhooks. */
    holdCaptures: Promise<void> | null;
  } = { nextCapture: "COMPLETED", captureAmountOverride: null, captureCalls: 0, holdCaptures: null };

  const bearer = (req: TRecordedRequest) => {
    const token = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
    return tokens.has(token);
  };
  const unauthorized = (res: ServerResponse) =>
    sendJson(res, 401, { error: "invalid_token", error_description: "Token signature verification failed" });
  const unprocessable = (res: ServerResponse, issue: string, description: string) =>
    sendJson(res, 422, {
      name: "UNPROCESSABLE_ENTITY",
      message:
        "The requested action could not be performed, semantically incorrect, or failed business validation.",
      details: [{ issue, description }],
    });

  const signature = (transmissionId: string, time: string, webhookId: string, event: unknown) => {
    const digest = createHash("sha256").update(JSON.stringify(event)).digest("hex");
    return createHmac("sha256", signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${digest}`)
      .digest("base64");
  };

  const fake = await startHttpFake(async (req, res) => {
    const replayKey = req.headers["paypal-request-id"]
      ? `${req.path}|${req.headers["paypal-request-id"]}`
      : null;
    if (replayKey && replays.has(replayKey)) {
      const first = replays.get(replayKey)!;
      return sendJson(res, first.status, first.body);
    }
    const reply = (status: number, body: unknown) => {
      if (replayKey && status < 500) replays.set(replayKey, { status, body });
      return sendJson(res, status, body);
    };

    if (req.method === "POST" && req.path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${app.clientId}:${app.secret}`).toString("base64")}`;
      if (req.headers.authorization !== expected || !req.body.includes("grant_type=client_credentials")) {
        return sendJson(res, 401, {
          error: "invalid_client",
          error_description: "Client Authentication failed",
        });
      }
      const token = `A21AA${randomUUID().replaceAll("-", "")}`;
      tokens.add(token);
      return sendJson(res, 200, {
        scope: "https://uri.paypal.com/services/payments",
        access_token: token,
        token_type: "Bearer",
        expires_in: 32400,
      });
    }
    // The buyer's browser at PayPal: the approval page, then approve (or cancel) and go back.
    if (req.method === "GET" && req.path.startsWith("/checkoutnow?")) {
      const query = new URL(req.path, fake.url).searchParams;
      const order = orders.get(query.get("token") ?? "");
      const action = query.get("action");
      if (!order) return sendJson(res, 404, { name: "RESOURCE_NOT_FOUND", message: "No such order" });
      if (action !== "approve" && action !== "cancel") return sendApprovalPage(res, order);
      const back = action === "cancel" ? order.experience?.cancel_url : order.experience?.return_url;
      if (!back) return sendJson(res, 404, { name: "RESOURCE_NOT_FOUND", message: "No such order" });
      if (action === "approve" && order.status !== "COMPLETED") order.status = "APPROVED";
      const target = new URL(back);
      target.searchParams.set("token", order.id);
      if (order.status === "APPROVED") target.searchParams.set("PayerID", "FAKEPAYER01");
      res.writeHead(302, { location: target.toString() });
      return res.end();
    }
    if (billing.handleBrowser(req, res)) return;
    if (!bearer(req)) return unauthorized(res);

    if (req.method === "POST" && req.path === "/v2/checkout/orders") {
      const body = JSON.parse(req.body) as {
        intent: string;
        purchase_units: { reference_id: string; amount: { currency_code: string; value: string } }[];
        payment_source?: { paypal?: { experience_context?: TExperience } };
      };
      const unit = body.purchase_units?.[0];
      if (body.intent !== "CAPTURE" || !unit?.amount?.value) {
        return sendJson(res, 400, { name: "INVALID_REQUEST", message: "Request is not well-formed" });
      }
      const id = randomUUID().replaceAll("-", "").slice(0, 17).toUpperCase();
      const experience = body.payment_source?.paypal?.experience_context ?? null;
      // With a PayPal payment source PayPal answers PAYER_ACTION_REQUIRED and a payer-action link.
      const status = experience ? "PAYER_ACTION_REQUIRED" : "CREATED";
      orders.set(id, {
        id,
        status,
        amount: unit.amount,
        referenceId: unit.reference_id,
        experience,
        capture: null,
      });
      return reply(201, {
        id,
        status,
        links: [
          { href: `${fake.url}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
          {
            href: `${fake.url}/checkoutnow?token=${id}`,
            rel: experience ? "payer-action" : "approve",
            method: "GET",
          },
        ],
      });
    }

    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.path);
    if (req.method === "POST" && capture) {
      const order = orders.get(decodeURIComponent(capture[1]!));
      if (!order)
        return sendJson(res, 404, {
          name: "RESOURCE_NOT_FOUND",
          message: "The specified resource does not exist.",
        });
      if (order.status === "COMPLETED")
        return unprocessable(res, "ORDER_ALREADY_CAPTURED", "Order already captured.");
      if (order.status !== "APPROVED")
        return unprocessable(res, "ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
      if (state.nextCapture === "INSTRUMENT_DECLINED") {
        return reply(422, {
          name: "UNPROCESSABLE_ENTITY",
          message:
            "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
          details: [{ issue: "INSTRUMENT_DECLINED" }],
        });
      }
      order.status = "COMPLETED";
      order.capture = {
        id: randomUUID().replaceAll("-", "").slice(0, 17).toUpperCase(),
        status: state.nextCapture,
        amount: {
          currency_code: order.amount.currency_code,
          value: state.captureAmountOverride ?? order.amount.value,
        },
        custom_id: order.referenceId,
        supplementary_data: { related_ids: { order_id: order.id } },
      };
      state.captureCalls++;
      // The capture exists at PayPal (and its webhook can fire) before the answer reaches the server.
      if (state.holdCaptures) await state.holdCaptures;
      return reply(201, {
        id: order.id,
        status: "COMPLETED",
        purchase_units: [{ reference_id: order.referenceId, payments: { captures: [order.capture] } }],
      });
    }

    if (req.method === "POST" && req.path === "/v1/notifications/verify-webhook-signature") {
      const body = JSON.parse(req.body) as {
        transmission_id?: string;
        transmission_sig?: string;
        transmission_time?: string;
        webhook_id?: string;
        webhook_event?: unknown;
      };
      if (!body.transmission_id || !body.transmission_sig || !body.transmission_time || !body.webhook_id) {
        return sendJson(res, 400, { name: "VALIDATION_ERROR", message: "Invalid request - see details" });
      }
      const expected = signature(
        body.transmission_id,
        body.transmission_time,
        body.webhook_id,
        body.webhook_event,
      );
      return sendJson(res, 200, {
        verification_status: expected === body.transmission_sig ? "SUCCESS" : "FAILURE",
      });
    }
    if (catalog.handle(req, res, reply)) return;
    if (billing.handle(req, res, reply)) return;
    return sendJson(res, 404, { name: "RESOURCE_NOT_FOUND", message: `No route ${req.method} ${req.path}` });
  });

  return {
    ...fake,
    state,
    orders,
    /** Catalog products and billing plans created at this PayPal. */
    catalog,
    /** Billing subscriptions to those plans, their approval window and their webhook events. */
    billing,
    /** The buyer approving the order in PayPal's window. */
    approve(orderId: string) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no fake order ${orderId}`);
      order.status = "APPROVED";
    },
    /** A webhook delivery for an order's capture, signed for the given webhook id. */
    captureWebhook(orderId: string, webhookId: string, eventType = "PAYMENT.CAPTURE.COMPLETED") {
      const order = orders.get(orderId);
      if (!order?.capture) throw new Error(`fake order ${orderId} has no capture`);
      const event = {
        id: `WH-${randomUUID()}`,
        event_version: "1.0",
        create_time: new Date().toISOString(),
        resource_type: "capture",
        event_type: eventType,
        summary: `Payment ${eventType}`,
        resource: order.capture,
      };
      return { event, ...this.sign(event, webhookId) };
    },
    /** Headers and body as PayPal would deliver this event to a webhook registered as webhookId. */
    sign(event: unknown, webhookId: string) {
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      return {
        body: JSON.stringify(event),
        headers: {
          "content-type": "application/json",
          "paypal-auth-algo": "SHA256withRSA",
          "paypal-cert-url": `${fake.url}/v1/notifications/certs/CERT-fake`,
          "paypal-transmission-id": transmissionId,
          "paypal-transmission-time": time,
          "paypal-transmission-sig": signature(transmissionId, time, webhookId, event),
        },
      };
    },
  };
}
