import {
  SUBSCRIPTION_MESSAGES,
  type TSubscriptionCheckout,
  type TSubscriptionConfirmResult,
  type TSubscriptionState,
} from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  paymentWebhookEvents,
  subscriptionPlans,
  subscriptions,
  userRoles,
} from "../src/db/schema";
import { regeneratePlans, updatePlatformPayPal } from "../src/modules/platform-admin/paypal-settings";
import { startPayPalFake } from "./fakes/paypal-fake";
import { createUser } from "./helpers/buyer-portal";
import { createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { createTestContext, signIn, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";

const PLATFORM_APP = { clientId: "platform-billing-client", secret: "platform-billing-secret-7788" };
const WEBHOOK_ID = "WH-PLATFORM-SANDBOX-01";

let ctx: TTestContext;
let paypal: Awaited<ReturnType<typeof startPayPalFake>>;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let beta: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let memberCookie: string;

const json = async <T>(res: Response) => (await res.json()) as T;
const errorOf = async (res: Response) =>
  (await json<{ error: { code: string; message: string } }>(res)).error;

const subscribe = (cookie: string, tier = "pro") =>
  ctx.request("/api/settings/subscription", { method: "POST", cookie, json: { tier } });
const confirm = (cookie: string, subscriptionId: string) =>
  ctx.request("/api/settings/subscription/confirm", { method: "POST", cookie, json: { subscriptionId } });
const companyRow = async (companyId: string) =>
  (await ctx.database.db.select().from(companies).where(eq(companies.id, companyId)))[0]!;

/** The subscriber at PayPal's window: approve or cancel, and where PayPal sends the browser back. */
async function atPayPal(approveUrl: string, action: "approve" | "cancel") {
  const res = await fetch(`${approveUrl}&action=${action}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

function deliver(event: unknown, webhookId = WEBHOOK_ID) {
  const signed = paypal.sign(event, webhookId);
  return ctx.request("/api/webhooks/paypal/subscriptions", {
    method: "POST",
    headers: signed.headers,
    body: signed.body,
  });
}

/** A subscription of the company (pro unless told), created and approved at PayPal. */
async function approvedSubscription(cookie: string, tier = "pro") {
  const res = await subscribe(cookie, tier);
  expect(res.status).toBe(200);
  const checkout = await json<TSubscriptionCheckout>(res);
  const back = await atPayPal(checkout.approveUrl, "approve");
  expect(back.searchParams.get("subscription_id")).toBe(checkout.subscriptionId);
  return checkout.subscriptionId;
}

beforeAll(async () => {
  paypal = await startPayPalFake(PLATFORM_APP);
  ctx = await createTestContext({ PAYPAL_SANDBOX_API_URL: paypal.url, PAYPAL_LIVE_API_URL: paypal.url });
  await updatePlatformPayPal(ctx.deps, { mode: "sandbox", ...PLATFORM_APP, webhookId: WEBHOOK_ID });
  await regeneratePlans(ctx.deps, "sandbox");
  acme = await createCompanyWithOwner(ctx, "owner@acme-subs.test", "Acme Subs");
  beta = await createCompanyWithOwner(ctx, "owner@beta-subs.test", "Beta Subs");
  const memberId = await createUser(ctx, "member@acme-subs.test");
  await ctx.database.db
    .insert(userRoles)
    .values({ userId: memberId, companyId: acme.companyId, role: "member" });
  memberCookie = await signIn(ctx, "member@acme-subs.test", FIXTURE_PASSWORD);
});
afterAll(async () => {
  await ctx.close();
  await paypal.close();
});

describe("subscription settings", () => {
  it("starts on the free trial with 2 seats", async () => {
    const res = await ctx.request("/api/settings/subscription", { cookie: acme.cookie });
    expect(res.status).toBe(200);
    expect(await json<TSubscriptionState>(res)).toMatchObject({
      tier: "free",
      seats: 2,
      status: null,
      subscriptionId: null,
      trialExpired: false,
    });
  });

  it("refuses a member", async () => {
    expect((await subscribe(memberCookie)).status).toBe(403);
    expect((await ctx.request("/api/settings/subscription", { cookie: memberCookie })).status).toBe(403);
  });

  it("creates the subscription at PayPal with the platform's plan and our return and cancel pages", async () => {
    const res = await subscribe(acme.cookie, "basic");
    expect(res.status).toBe(200);
    const checkout = await json<TSubscriptionCheckout>(res);
    const sub = paypal.billing.subscriptions.get(checkout.subscriptionId)!;
    const plan = paypal.catalog.plans.get(sub.plan_id)!;
    expect(plan.name).toContain("Basic");
    expect(sub.custom_id).toBe(acme.companyId);
    expect(sub.context.return_url).toBe(`${TEST_ORIGIN}/owner/settings?subscription=return`);
    expect(checkout.approveUrl.startsWith(paypal.url)).toBe(true);
    expect((await json<{ error: unknown }>(await subscribe(acme.cookie, "free"))).error).toBeTruthy();
  });

  it("answers Payment cancelled when the subscriber cancels at PayPal, and changes nothing", async () => {
    const checkout = await json<TSubscriptionCheckout>(await subscribe(acme.cookie));
    const back = await atPayPal(checkout.approveUrl, "cancel");
    expect(back.searchParams.get("subscription")).toBe("cancelled");
    const res = await confirm(acme.cookie, checkout.subscriptionId);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(SUBSCRIPTION_MESSAGES.CANCELLED);
    expect(await companyRow(acme.companyId)).toMatchObject({ subscriptionTier: "free", seats: 2 });
  });

  it("applies an approval once: tier, seats, subscription id, status and time", async () => {
    const subscriptionId = await approvedSubscription(acme.cookie);
    const first = await confirm(acme.cookie, subscriptionId);
    expect(first.status).toBe(200);
    const result = await json<TSubscriptionConfirmResult>(first);
    expect(result.outcome).toBe("activated");
    expect(result.message).toBe("Subscription created successfully");
    expect(result.subscription).toMatchObject({ tier: "pro", seats: 25, status: "active", subscriptionId });
    const applied = await companyRow(acme.companyId);
    expect(applied.subscriptionUpdatedAt).toBeInstanceOf(Date);

    const twice = await subscribe(acme.cookie, "enterprise");
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe(SUBSCRIPTION_MESSAGES.ALREADY_SUBSCRIBED);

    const again = await json<TSubscriptionConfirmResult>(await confirm(acme.cookie, subscriptionId));
    expect(again.outcome).toBe("already_active");
    expect((await companyRow(acme.companyId)).subscriptionUpdatedAt).toEqual(applied.subscriptionUpdatedAt);
    const late = await json<{ outcome: string }>(
      await deliver(paypal.billing.event(subscriptionId, "BILLING.SUBSCRIPTION.ACTIVATED")),
    );
    expect(late.outcome).toBe("ignored");
    expect((await companyRow(acme.companyId)).subscriptionUpdatedAt).toEqual(applied.subscriptionUpdatedAt);
  });

  it("company B can neither confirm nor see company A's subscription", async () => {
    const subscriptionId = (await companyRow(acme.companyId)).subscriptionId!;
    const res = await confirm(beta.cookie, subscriptionId);
    expect(res.status).toBe(404);
    expect(await companyRow(beta.companyId)).toMatchObject({
      subscriptionTier: "free",
      subscriptionId: null,
    });
    const state = await json<TSubscriptionState>(
      await ctx.request("/api/settings/subscription", { cookie: beta.cookie }),
    );
    expect(state.subscriptionId).toBeNull();
  });

  it("applies exactly once when the webhook and the return race", async () => {
    for (let round = 0; round < 3; round++) {
      await ctx.database.db
        .update(companies)
        .set({ subscriptionTier: "free", seats: 2, subscriptionId: null, subscriptionStatus: null })
        .where(eq(companies.id, beta.companyId));
      const subscriptionId = await approvedSubscription(beta.cookie);
      const event = paypal.billing.event(subscriptionId, "BILLING.SUBSCRIPTION.ACTIVATED");
      const [returned, hooked] = await Promise.all([confirm(beta.cookie, subscriptionId), deliver(event)]);
      expect(returned.status).toBe(200);
      expect(hooked.status).toBe(200);
      const byReturn = (await json<TSubscriptionConfirmResult>(returned)).outcome === "activated";
      const byHook = (await json<{ outcome: string }>(hooked)).outcome === "processed";
      expect([byReturn, byHook].filter(Boolean)).toHaveLength(1);
      expect(await companyRow(beta.companyId)).toMatchObject({
        subscriptionTier: "pro",
        seats: 25,
        subscriptionId,
        subscriptionStatus: "active",
      });
    }
  });

  it("answers pending while PayPal has not activated an approved subscription; the webhook applies it", async () => {
    await ctx.database.db
      .update(companies)
      .set({ subscriptionTier: "free", seats: 2, subscriptionId: null, subscriptionStatus: null })
      .where(eq(companies.id, beta.companyId));
    paypal.billing.state.activateOnApprove = false;
    try {
      const subscriptionId = await approvedSubscription(beta.cookie, "basic");
      const res = await confirm(beta.cookie, subscriptionId);
      expect(res.status).toBe(200);
      const result = await json<TSubscriptionConfirmResult>(res);
      expect(result).toMatchObject({ outcome: "pending", message: SUBSCRIPTION_MESSAGES.PENDING });
      expect(result.subscription.tier).toBe("free");

      paypal.billing.setStatus(subscriptionId, "ACTIVE");
      const hooked = await deliver(paypal.billing.event(subscriptionId, "BILLING.SUBSCRIPTION.ACTIVATED"));
      expect((await json<{ outcome: string }>(hooked)).outcome).toBe("processed");
      expect(await companyRow(beta.companyId)).toMatchObject({
        subscriptionTier: "basic",
        seats: 10,
        subscriptionId,
        subscriptionStatus: "active",
      });
    } finally {
      paypal.billing.state.activateOnApprove = true;
    }
  });

  it("refuses a webhook with a bad signature and changes nothing", async () => {
    const before = await companyRow(acme.companyId);
    const event = paypal.billing.event(before.subscriptionId!, "BILLING.SUBSCRIPTION.CANCELLED");
    const forged = await deliver(event, "WH-SOMEONE-ELSE");
    expect(forged.status).toBe(400);
    const signed = paypal.sign(event, WEBHOOK_ID);
    const tampered = await ctx.request("/api/webhooks/paypal/subscriptions", {
      method: "POST",
      headers: signed.headers,
      body: JSON.stringify({ ...event, event_type: "BILLING.SUBSCRIPTION.EXPIRED" }),
    });
    expect(tampered.status).toBe(400);
    expect(await companyRow(acme.companyId)).toEqual(before);
    const recorded = await ctx.database.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, event.id));
    expect(recorded).toHaveLength(0);
  });

  it("falls back to free on suspension or cancellation, once per event, and comes back on reactivation", async () => {
    const subscriptionId = (await companyRow(acme.companyId)).subscriptionId!;
    const suspended = paypal.billing.event(subscriptionId, "BILLING.SUBSCRIPTION.SUSPENDED");
    expect((await json<{ outcome: string }>(await deliver(suspended))).outcome).toBe("processed");
    expect(await companyRow(acme.companyId)).toMatchObject({
      subscriptionTier: "free",
      seats: 2,
      subscriptionStatus: "suspended",
      subscriptionId,
    });
    const replay = await json<{ duplicate: boolean }>(await deliver(suspended));
    expect(replay.duplicate).toBe(true);

    await deliver(paypal.billing.event(subscriptionId, "BILLING.SUBSCRIPTION.ACTIVATED"));
    expect(await companyRow(acme.companyId)).toMatchObject({ subscriptionTier: "pro", seats: 25 });

    await deliver(paypal.billing.event(subscriptionId, "BILLING.SUBSCRIPTION.CANCELLED"));
    expect(await companyRow(acme.companyId)).toMatchObject({
      subscriptionTier: "free",
      seats: 2,
      subscriptionStatus: "cancelled",
    });
    const [row] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(row?.status).toBe("CANCELLED");
  });
});

describe("cancel and change plan", () => {
  let gamma: Awaited<ReturnType<typeof createCompanyWithOwner>>;
  const change = (cookie: string, tier: string) =>
    ctx.request("/api/settings/subscription/change", { method: "POST", cookie, json: { tier } });
  const cancel = (cookie: string) =>
    ctx.request("/api/settings/subscription/cancel", { method: "POST", cookie });
  const planOf = async (tier: "basic" | "pro" | "enterprise") =>
    (
      await ctx.database.db
        .select({ id: subscriptionPlans.providerPlanId })
        .from(subscriptionPlans)
        .where(and(eq(subscriptionPlans.tier, tier), eq(subscriptionPlans.mode, "sandbox")))
    )[0]!.id;

  beforeAll(async () => {
    gamma = await createCompanyWithOwner(ctx, "owner@gamma-subs.test", "Gamma Subs");
  });

  it("changes plan through PayPal's revise only after the subscriber consents, once", async () => {
    const subscriptionId = await approvedSubscription(gamma.cookie, "basic");
    expect((await confirm(gamma.cookie, subscriptionId)).status).toBe(200);
    const same = await change(gamma.cookie, "basic");
    expect(same.status).toBe(409);
    expect((await errorOf(same)).message).toBe(SUBSCRIPTION_MESSAGES.SAME_TIER);

    // Declined at PayPal: the old plan stays.
    const declined = await json<TSubscriptionCheckout>(await change(gamma.cookie, "enterprise"));
    expect(declined.subscriptionId).toBe(subscriptionId);
    expect((await atPayPal(declined.approveUrl, "cancel")).searchParams.get("subscription")).toBe(
      "cancelled",
    );
    expect(paypal.billing.subscriptions.get(subscriptionId)!.plan_id).toBe(await planOf("basic"));
    const kept = await json<TSubscriptionConfirmResult>(await confirm(gamma.cookie, subscriptionId));
    expect(kept.outcome).toBe("already_active");
    expect(await companyRow(gamma.companyId)).toMatchObject({ subscriptionTier: "basic", seats: 10 });

    const revised = await json<TSubscriptionCheckout>(await change(gamma.cookie, "enterprise"));
    const back = await atPayPal(revised.approveUrl, "approve");
    expect(back.pathname).toBe("/owner/settings");
    expect(back.searchParams.get("subscription")).toBe("return");
    expect(back.searchParams.get("subscription_id")).toBe(subscriptionId);
    expect(paypal.billing.subscriptions.get(subscriptionId)!.plan_id).toBe(await planOf("enterprise"));
    const changed = await json<TSubscriptionConfirmResult>(await confirm(gamma.cookie, subscriptionId));
    expect(changed).toMatchObject({ outcome: "changed", message: SUBSCRIPTION_MESSAGES.PLAN_CHANGED });
    expect(changed.subscription).toMatchObject({
      tier: "enterprise",
      seats: 100,
      status: "active",
      subscriptionId,
    });
    // PayPal's UPDATED webhook after the return changes nothing more; a second return neither.
    const hooked = await deliver(paypal.billing.event(subscriptionId, "BILLING.SUBSCRIPTION.UPDATED"));
    expect((await json<{ outcome: string }>(hooked)).outcome).toBe("ignored");
    expect(
      (await json<TSubscriptionConfirmResult>(await confirm(gamma.cookie, subscriptionId))).outcome,
    ).toBe("already_active");
  });

  it("applies a consented plan change from PayPal's UPDATED webhook when it comes before the return", async () => {
    const { subscriptionId } = await json<TSubscriptionCheckout>(await change(gamma.cookie, "pro")).then(
      async (revised) => {
        await atPayPal(revised.approveUrl, "approve");
        return revised;
      },
    );
    const hooked = await deliver(paypal.billing.event(subscriptionId, "BILLING.SUBSCRIPTION.UPDATED"));
    expect((await json<{ outcome: string }>(hooked)).outcome).toBe("processed");
    expect(await companyRow(gamma.companyId)).toMatchObject({ subscriptionTier: "pro", seats: 25 });
    expect(
      (await json<TSubscriptionConfirmResult>(await confirm(gamma.cookie, subscriptionId))).outcome,
    ).toBe("already_active");
  });

  it("cancels at PayPal and falls back to free with 2 seats at once; the webhook then changes nothing", async () => {
    expect((await cancel(memberCookie)).status).toBe(403);
    const subscriptionId = (await companyRow(gamma.companyId)).subscriptionId!;
    const res = await cancel(gamma.cookie);
    expect(res.status).toBe(200);
    const result = await json<{ message: string; subscription: TSubscriptionState }>(res);
    expect(result.message).toBe(SUBSCRIPTION_MESSAGES.SUBSCRIPTION_CANCELLED);
    expect(result.subscription).toMatchObject({
      tier: "free",
      seats: 2,
      status: "cancelled",
      subscriptionId,
    });
    const atPayPalNow = paypal.billing.subscriptions.get(subscriptionId)!;
    expect(atPayPalNow.status).toBe("CANCELLED");
    expect(atPayPalNow.cancelReason).toBeTruthy();
    const [row] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(row?.status).toBe("CANCELLED");

    const hooked = await deliver(paypal.billing.event(subscriptionId, "BILLING.SUBSCRIPTION.CANCELLED"));
    expect((await json<{ outcome: string }>(hooked)).outcome).toBe("ignored");
    expect(await companyRow(gamma.companyId)).toMatchObject({ subscriptionTier: "free", seats: 2 });
    for (const again of [await cancel(gamma.cookie), await change(gamma.cookie, "pro")]) {
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toBe(SUBSCRIPTION_MESSAGES.NOT_SUBSCRIBED);
    }
  });

  it("records a subscription the subscriber already cancelled at PayPal, and says so when PayPal fails", async () => {
    const subscriptionId = await approvedSubscription(gamma.cookie, "pro");
    expect((await confirm(gamma.cookie, subscriptionId)).status).toBe(200);
    paypal.billing.setStatus(subscriptionId, "CANCELLED");
    const res = await cancel(gamma.cookie);
    expect(res.status).toBe(200);
    expect(await companyRow(gamma.companyId)).toMatchObject({
      subscriptionTier: "free",
      seats: 2,
      subscriptionStatus: "cancelled",
    });

    // Still active at PayPal but PayPal refuses: an error, and the company keeps its tier.
    const next = await approvedSubscription(gamma.cookie, "basic");
    expect((await confirm(gamma.cookie, next)).status).toBe(200);
    paypal.billing.setStatus(next, "APPROVAL_PENDING");
    const refused = await cancel(gamma.cookie);
    expect(refused.status).toBe(502);
    expect((await errorOf(refused)).message).toBe(SUBSCRIPTION_MESSAGES.CANCEL_FAILED);
    expect(await companyRow(gamma.companyId)).toMatchObject({ subscriptionTier: "basic", seats: 10 });
  });
});
