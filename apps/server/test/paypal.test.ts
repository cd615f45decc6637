import type { TCaptureResult, TCreditOrder, TPayPalSettings } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companySecrets, creditTransactions, paymentOrders, paymentWebhookEvents } from "../src/db/schema";
import { startPayPalFake } from "./fakes/paypal-fake";
import { createBuyer, createUser, signInBuyer } from "./helpers/buyer-portal";
import { walletState } from "./helpers/credits";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";
import { untilTrue } from "./helpers/until";

const APP = { clientId: "AcmeSandboxClient-0001", secret: "AcmeSandboxSecret-abcd-7788" };
const WEBHOOK_ID = "WH-ACME-0001";

let ctx: TTestContext;
let paypal: Awaited<ReturnType<typeof startPayPalFake>>;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let buyerId: string;
let cookie: string;
let otherBuyerCookie: string;

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

async function createOrder(packId = "pack_10", quantity = 1, as = cookie) {
  const res = await ctx.request("/api/payments/credit-orders", {
    method: "POST",
    cookie: as,
    json: { packId, quantity },
  });
  if (res.status !== 200) throw new Error(`create order: ${res.status} ${await res.text()}`);
  return (await res.json()) as TCreditOrder;
}
const capture = (orderId: string, as = cookie) =>
  ctx.request(`/api/payments/credit-orders/${orderId}/capture`, { method: "POST", cookie: as });
const deliver = (companyId: string, delivery: { body: string; headers: Record<string, string> }) =>
  ctx.request(`/api/webhooks/paypal/${companyId}`, {
    method: "POST",
    body: delivery.body,
    headers: delivery.headers,
  });
const balance = async () => (await walletState(ctx.database.db, buyerId)).balance;
const packEntries = () =>
  ctx.database.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.buyerId, buyerId), eq(creditTransactions.transactionType, "purchase")));

beforeAll(async () => {
  paypal = await startPayPalFake(APP);
  ctx = await createTestContext({ PAYPAL_SANDBOX_API_URL: paypal.url, PAYPAL_LIVE_API_URL: paypal.url });
  acme = await createCompanyWithOwner(ctx, "owner@acme-paypal.test", "Acme PayPal");
  other = await createCompanyWithOwner(ctx, "owner@other-paypal.test", "Other PayPal");
  const res = await ctx.request("/api/payments/paypal/settings", {
    method: "PUT",
    cookie: acme.cookie,
    json: { mode: "sandbox", clientId: APP.clientId, secret: APP.secret, webhookId: WEBHOOK_ID },
  });
  expect(res.status).toBe(200);
  const userId = await createUser(ctx, "buyer@paypal.test");
  buyerId = (await createBuyer(ctx, { companyId: acme.companyId, userId, email: "buyer@paypal.test" })).id;
  cookie = await signInBuyer(ctx, "buyer@paypal.test");
  const otherUser = await createUser(ctx, "buyer@other-paypal.test");
  await createBuyer(ctx, { companyId: other.companyId, userId: otherUser, email: "buyer@other-paypal.test" });
  otherBuyerCookie = await signInBuyer(ctx, "buyer@other-paypal.test");
});
afterAll(async () => {
  await ctx.close();
  // The last test stops the fake itself.
  await paypal.close().catch(() => undefined);
});
beforeEach(() => {
  paypal.state.nextCapture = "COMPLETED";
  paypal.state.captureAmountOverride = null;
  paypal.state.holdCaptures = null;
});

describe("PayPal settings", () => {
  it("keeps the secret encrypted and shows only its last four", async () => {
    const res = await ctx.request("/api/payments/paypal/settings", { cookie: acme.cookie });
    const settings = (await res.json()) as TPayPalSettings;
    expect(settings).toMatchObject({
      mode: "sandbox",
      configured: true,
      sandbox: { clientId: APP.clientId, secretLast4: "7788", webhookId: WEBHOOK_ID },
      live: { clientId: null, secretLast4: null },
    });
    expect(settings.webhookUrl).toMatch(new RegExp(`/api/webhooks/paypal/${acme.companyId}$`));
    expect(JSON.stringify(settings)).not.toContain(APP.secret);
    const [stored] = await ctx.database.db
      .select()
      .from(companySecrets)
      .where(eq(companySecrets.companyId, acme.companyId));
    expect(stored!.ciphertext).not.toContain(APP.secret);
    expect(ctx.deps.secretBox.open(stored!.ciphertext)).toBe(APP.secret);
  });

  it("answers PayPal Not Configured for a company without PayPal", async () => {
    const res = await ctx.request("/api/payments/credit-orders", {
      method: "POST",
      cookie: otherBuyerCookie,
      json: { packId: "pack_10", quantity: 1 },
    });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: "PAYPAL_NOT_CONFIGURED",
      message: "PayPal Not Configured",
    });
    const summary = await (
      await ctx.request("/api/buyer-portal/summary", { cookie: otherBuyerCookie })
    ).json();
    expect(summary).toMatchObject({ paymentConfigured: false });
  });
});

describe("credit packs", () => {
  it("creates an order for pack × quantity and adds the credits once for a completed capture", async () => {
    const order = await createOrder("pack_10", 3);
    expect(order).toMatchObject({
      credits: 30,
      amount: "30.00",
      currency: "USD",
      status: "PAYER_ACTION_REQUIRED",
    });
    expect(order.approveUrl).toContain(order.id);
    expect(paypal.orders.get(order.id)!.amount).toEqual({ currency_code: "USD", value: "30.00" });

    // Capturing before the buyer approved at PayPal fails and adds nothing.
    const early = await capture(order.id);
    expect(early.status).toBe(402);
    expect(await balance()).toBe(0);

    paypal.approve(order.id);
    const res = await capture(order.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "completed", credits: 30, newBalance: 30, idempotent: false });
    const again = (await (await capture(order.id)).json()) as TCaptureResult;
    expect(again).toMatchObject({ status: "completed", idempotent: true, newBalance: 30 });

    // PayPal's webhook for the same capture, delivered twice: recorded once, no credits added.
    const delivery = paypal.captureWebhook(order.id, WEBHOOK_ID);
    const first = await deliver(acme.companyId, delivery);
    expect(await first.json()).toEqual({ received: true, duplicate: false, outcome: "processed" });
    const second = await deliver(acme.companyId, delivery);
    expect(await second.json()).toMatchObject({ duplicate: true });
    expect(await balance()).toBe(30);
    const entries = await packEntries();
    expect(entries.map((e) => e.amount)).toEqual([30]);
    const [row] = await ctx.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, order.id));
    expect(row).toMatchObject({
      status: "completed",
      creditTransactionId: entries[0]!.id,
      amountCents: 3000,
    });
  });

  it("adds credits once when the capture answer and duplicated webhooks race", async () => {
    const before = await balance();
    const order = await createOrder("pack_25", 2);
    paypal.approve(order.id);
    let release!: () => void;
    paypal.state.holdCaptures = new Promise((resolve) => {
      release = resolve;
    });
    const calls = paypal.state.captureCalls;
    const captured = capture(order.id);
    expect(await untilTrue(() => paypal.state.captureCalls > calls, 10_000, 5)).toBe(true);
    const delivery = paypal.captureWebhook(order.id, WEBHOOK_ID);
    const webhooks = [deliver(acme.companyId, delivery), deliver(acme.companyId, delivery)];
    release();
    const [answer, ...hooks] = await Promise.all([captured, ...webhooks]);
    expect(answer.status).toBe(200);
    expect(hooks.map((h) => h.status)).toEqual([200, 200]);
    expect(await balance()).toBe(before + 50);
    expect((await packEntries()).filter((e) => e.amount === 50)).toHaveLength(1);
    const events = await ctx.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, delivery.event.id));
    expect(events).toHaveLength(1);
    const state = await walletState(ctx.database.db, buyerId);
    expect(state.ledgerSum).toBe(state.balance);
  });

  it("adds nothing for a pending capture, then the credits when PayPal reports it completed", async () => {
    const before = await balance();
    paypal.state.nextCapture = "PENDING";
    const order = await createOrder("pack_10", 1);
    paypal.approve(order.id);
    const res = await capture(order.id);
    expect(await res.json()).toEqual({
      status: "pending",
      credits: 0,
      newBalance: before,
      idempotent: false,
    });
    expect(await balance()).toBe(before);

    const pending = paypal.captureWebhook(order.id, WEBHOOK_ID, "PAYMENT.CAPTURE.PENDING");
    expect((await deliver(acme.companyId, pending)).status).toBe(200);
    expect(await balance()).toBe(before);

    paypal.orders.get(order.id)!.capture!.status = "COMPLETED";
    const completed = paypal.captureWebhook(order.id, WEBHOOK_ID);
    expect(await (await deliver(acme.companyId, completed)).json()).toMatchObject({ outcome: "processed" });
    expect(await balance()).toBe(before + 10);
  });

  it.each([
    ["a declined capture", { nextCapture: "DECLINED" as const }, "declined"],
    ["a declined card", { nextCapture: "INSTRUMENT_DECLINED" as const }, "declined"],
    ["a capture of the wrong amount", { captureAmountOverride: "1.00" }, "failed"],
  ])("adds nothing for %s", async (_name, behaviour, status) => {
    const before = await balance();
    Object.assign(paypal.state, behaviour);
    const order = await createOrder("pack_50", 1);
    paypal.approve(order.id);
    const res = await capture(order.id);
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toMatchObject({
      code: "PAYMENT_FAILED",
      message: "Payment failed. Please try again.",
    });
    expect(await balance()).toBe(before);
    const [row] = await ctx.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, order.id));
    expect(row!.status).toBe(status);
    if (paypal.orders.get(order.id)!.capture) {
      // Nor does PayPal's webhook for the same capture.
      await deliver(acme.companyId, paypal.captureWebhook(order.id, WEBHOOK_ID));
      expect(await balance()).toBe(before);
    }
  });

  it("refuses forged webhooks and adds nothing", async () => {
    const before = await balance();
    paypal.state.nextCapture = "PENDING";
    const order = await createOrder("pack_50", 1);
    paypal.approve(order.id);
    await capture(order.id);
    paypal.orders.get(order.id)!.capture!.status = "COMPLETED";
    const genuine = paypal.captureWebhook(order.id, WEBHOOK_ID);

    // Same headers, tampered body.
    const tampered = { ...genuine, body: genuine.body.replace('"50.00"', '"5000.00"') };
    const tamperedRes = await deliver(acme.companyId, tampered);
    expect(tamperedRes.status).toBe(400);
    expect((await errorOf(tamperedRes)).code).toBe("WEBHOOK_INVALID");
    // A made-up signature.
    const madeUp = {
      ...genuine,
      headers: { ...genuine.headers, "paypal-transmission-sig": Buffer.from("forged").toString("base64") },
    };
    expect((await deliver(acme.companyId, madeUp)).status).toBe(400);
    // Signed for another webhook id (another company's app).
    const otherId = paypal.captureWebhook(order.id, "WH-SOMEONE-ELSE");
    expect((await deliver(acme.companyId, otherId)).status).toBe(400);
    // Delivered to a company without PayPal.
    expect((await deliver(other.companyId, genuine)).status).toBe(400);
    expect(await balance()).toBe(before);
    const recorded = await ctx.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, genuine.event.id));
    expect(recorded).toEqual([]);

    // The genuine delivery still works afterwards.
    expect((await deliver(acme.companyId, genuine)).status).toBe(200);
    expect(await balance()).toBe(before + 50);
  });
});

describe("who may buy", () => {
  it("keeps orders to their buyer and validates packs and quantities", async () => {
    const order = await createOrder("pack_10", 1);
    paypal.approve(order.id);
    const res = await capture(order.id, otherBuyerCookie);
    expect(res.status).toBe(404);
    expect(await capture(order.id, acme.cookie).then((r) => r.status)).toBe(403);

    for (const body of [
      { packId: "pack_10", quantity: 0 },
      { packId: "pack_10", quantity: 1000 },
      { packId: "pack_10", quantity: 1.5 },
      { packId: "pack_99", quantity: 1 },
    ]) {
      const bad = await ctx.request("/api/payments/credit-orders", { method: "POST", cookie, json: body });
      expect(bad.status).toBe(422);
    }
    const anonymous = await ctx.request("/api/payments/credit-orders", {
      method: "POST",
      json: { packId: "pack_10", quantity: 1 },
    });
    expect(anonymous.status).toBe(401);
    const settings = await ctx.request("/api/payments/paypal/settings", { cookie });
    expect(settings.status).toBe(403);
  });
});

describe("redirect checkout", () => {
  it("sends the buyer to PayPal and back to our own Buy Credits page, then captures", async () => {
    const order = await createOrder("pack_10", 7);
    const page = `${TEST_ORIGIN}/buyer/buy-credits`;
    const sent = paypal.requests.findLast((r) => r.method === "POST" && r.path === "/v2/checkout/orders");
    expect(JSON.parse(sent!.body).payment_source.paypal.experience_context).toMatchObject({
      user_action: "PAY_NOW",
      return_url: `${page}?paypal=return`,
      cancel_url: `${page}?paypal=cancel`,
    });
    const experience = paypal.orders.get(order.id)!.experience!;
    for (const url of [experience.return_url!, experience.cancel_url!]) {
      expect(new URL(url).origin).toBe(TEST_ORIGIN);
    }
    expect(order.approveUrl).toBe(`${paypal.url}/checkoutnow?token=${order.id}`);

    // Cancelling at PayPal goes back to the cancel URL and approves nothing.
    const cancelled = await fetch(`${order.approveUrl}&action=cancel`, { redirect: "manual" });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toBe(`${page}?paypal=cancel&token=${order.id}`);
    expect((await capture(order.id)).status).toBe(402);

    // PayPal's page offers both choices; approving goes back to the return URL with PayPal's
    // token = our order id, and the page captures it.
    const approval = await fetch(order.approveUrl!, { redirect: "manual" });
    expect(approval.status).toBe(200);
    const html = await approval.text();
    expect(html).toContain(`/checkoutnow?token=${order.id}&amp;action=approve`);
    expect(html).toContain(`/checkoutnow?token=${order.id}&amp;action=cancel`);
    const approved = await fetch(`${order.approveUrl}&action=approve`, { redirect: "manual" });
    const back = new URL(approved.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(page);
    expect(back.searchParams.get("paypal")).toBe("return");
    const token = back.searchParams.get("token")!;
    expect(token).toBe(order.id);
    const before = await balance();
    const res = await capture(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "completed", credits: 70, newBalance: before + 70 });
  });
});

describe("PayPal failures in words", () => {
  it("says once that PayPal could not be reached, never PayPal's code or the generic text twice", async () => {
    await paypal.close();
    const res = await ctx.request("/api/payments/credit-orders", {
      method: "POST",
      cookie,
      json: { packId: "pack_10", quantity: 1 },
    });
    expect(res.status).toBe(502);
    const error = await errorOf(res);
    expect(error).toMatchObject({
      code: "PAYMENT_PROVIDER_ERROR",
      message: "PayPal could not be reached. Please try again in a few minutes.",
    });
    expect(error.message).not.toContain("NETWORK");
    expect(error.message).not.toBe("Failed to create order");
  });
});
