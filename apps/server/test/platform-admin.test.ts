import {
  PLATFORM_ADMIN_MESSAGES,
  type TAdminUserResult,
  type TAuditLogEntry,
  type TPlatformPayPalSettings,
  type TPlatformUserList,
  type TRegeneratePlansResult,
  type TSubscriberList,
} from "@leadpost/shared";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyers, platformSettings, sessions, subscriptionPlans, userRoles, users } from "../src/db/schema";
import { setTierByHand } from "../src/modules/subscriptions";
import { startPayPalFake } from "./fakes/paypal-fake";
import { createBuyer, createLead, createUser, giveLead, signInBuyer } from "./helpers/buyer-portal";
import { newKey } from "./helpers/credits";
import { createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { latestEmail } from "./helpers/mailbox";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

const PAYPAL_APP = { clientId: "platform-client-id", secret: "platform-secret-XYZ9" };

let ctx: TTestContext;
let paypal: Awaited<ReturnType<typeof startPayPalFake>>;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let adminId: string;
let adminCookie: string;
let memberCookie: string;
let buyerUserId: string;
let buyerCookie: string;
let buyerRecordId: string;
let secondAdminId: string;

const json = async <T>(res: Response) => (await res.json()) as T;
const errorOf = async (res: Response) =>
  (await json<{ error: { code: string; message: string } }>(res)).error;

/** Applies a response's Set-Cookie lines to a cookie header, like a browser jar. */
function applyCookies(cookie: string, res: Response): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(";").map((p) => p.trim());
    const name = pair!.slice(0, pair!.indexOf("="));
    const value = pair!.slice(pair!.indexOf("=") + 1);
    const expired = attributes.some(
      (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now()),
    );
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

async function whoamiEmail(cookie: string) {
  const res = await ctx.request("/api/whoami", { cookie });
  return res.status === 200 ? (await json<{ email: string }>(res)).email : res.status;
}

async function impersonate(userId: string, cookie = adminCookie) {
  const res = await ctx.request("/api/platform-admin/impersonation", {
    method: "POST",
    cookie,
    json: { userId },
  });
  return { res, cookie: applyCookies(cookie, res) };
}

async function auditEntries() {
  const res = await ctx.request("/api/platform-admin/audit-log", { cookie: adminCookie });
  expect(res.status).toBe(200);
  return (await json<{ items: TAuditLogEntry[] }>(res)).items;
}

beforeAll(async () => {
  paypal = await startPayPalFake(PAYPAL_APP);
  ctx = await createTestContext({
    PLATFORM_ADMIN_EMAILS: "admin@platform.test, second-admin@platform.test",
    PAYPAL_SANDBOX_API_URL: paypal.url,
    PAYPAL_LIVE_API_URL: paypal.url,
  });
  acme = await createCompanyWithOwner(ctx, "owner@acme-platform.test", "Acme Platform");
  // Room for the users the account tests create (a platform admin's users take seats too).
  await setTierByHand(ctx.database.db, acme.companyId, "basic");
  adminId = await createUser(ctx, "admin@platform.test");
  adminCookie = await signIn(ctx, "admin@platform.test", FIXTURE_PASSWORD);
  secondAdminId = await createUser(ctx, "second-admin@platform.test");
  const memberId = await createUser(ctx, "member@acme-platform.test");
  await ctx.database.db
    .insert(userRoles)
    .values({ userId: memberId, companyId: acme.companyId, role: "member" });
  memberCookie = await signIn(ctx, "member@acme-platform.test", FIXTURE_PASSWORD);
  buyerUserId = await createUser(ctx, "buyer@acme-platform.test");
  const buyer = await createBuyer(ctx, {
    companyId: acme.companyId,
    nicheId: acme.nicheId,
    userId: buyerUserId,
    email: "buyer@acme-platform.test",
    credits: 100,
  });
  buyerRecordId = buyer.id;
  buyerCookie = await signInBuyer(ctx, "buyer@acme-platform.test");
});
afterAll(async () => {
  await ctx.close();
  await paypal.close();
});

describe("who may use the platform-admin routes", () => {
  it("answers 401 signed out and 403 to a member, an owner and a buyer on every admin route", async () => {
    const doc = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await ctx.request("/api/openapi.json"),
    );
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/platform-admin"))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const { path, method } of routes) {
      const init = { method, json: method === "GET" ? undefined : {} };
      const signedOut = await ctx.request(path, init);
      expect(signedOut.status, `${method} ${path} signed out`).toBe(401);
      for (const [who, cookie] of [
        ["member", memberCookie],
        ["owner", acme.cookie],
        ["buyer", buyerCookie],
      ] as const) {
        const res = await ctx.request(path, { ...init, cookie });
        expect(res.status, `${method} ${path} as ${who}`).toBe(403);
        expect((await errorOf(res)).message).toBe(PLATFORM_ADMIN_MESSAGES.NO_ACCESS);
      }
    }
  });

  it("lets a platform admin in", async () => {
    const res = await ctx.request("/api/platform-admin/subscribers", { cookie: adminCookie });
    expect(res.status).toBe(200);
  });
});

describe("impersonation", () => {
  it("refuses to impersonate another platform admin, and audits the refusal", async () => {
    const { res } = await impersonate(secondAdminId);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({
      code: "CANNOT_IMPERSONATE_ADMIN",
      message: PLATFORM_ADMIN_MESSAGES.CANNOT_IMPERSONATE_ADMIN,
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    const [latest] = await auditEntries();
    expect(latest).toMatchObject({
      action: "impersonation_refused",
      adminUserId: adminId,
      targetUserId: secondAdminId,
    });
  });

  it("starts as the buyer, refuses a purchase, ends, restores the admin and audits start and end", async () => {
    const { res, cookie } = await impersonate(buyerUserId);
    expect(res.status).toBe(200);
    const started = await json<{ userId: string; expiresAt: string }>(res);
    expect(started.userId).toBe(buyerUserId);
    const minutesLeft = (new Date(started.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(58);
    expect(minutesLeft).toBeLessThanOrEqual(60);
    expect(await whoamiEmail(cookie)).toBe("buyer@acme-platform.test");

    const status = await json<{ active: boolean; adminEmail: string }>(
      await ctx.request("/api/impersonation", { cookie }),
    );
    expect(status).toMatchObject({ active: true, adminEmail: "admin@platform.test" });
    // The impersonated session is not a platform admin's, whatever the admin is.
    expect((await ctx.request("/api/platform-admin/subscribers", { cookie })).status).toBe(403);

    const lead = await createLead(ctx, {
      companyId: acme.companyId,
      nicheId: acme.nicheId,
      name: "Pat Lead",
    });
    await giveLead(ctx, {
      companyId: acme.companyId,
      buyerId: buyerRecordId,
      leadId: lead.id,
      preview: true,
    });
    const purchase = await ctx.request("/api/purchases", {
      method: "POST",
      cookie,
      json: { leadId: lead.id, idempotencyKey: newKey("purchase") },
    });
    expect(purchase.status).toBe(403);
    expect(await errorOf(purchase)).toMatchObject({
      code: "IMPERSONATION_FORBIDDEN",
      message: PLATFORM_ADMIN_MESSAGES.REFUSED_WHILE_IMPERSONATING,
    });
    const [buyerRow] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, buyerRecordId));
    expect(buyerRow!.creditBalance).toBe(100);

    const end = await ctx.request("/api/impersonation/end", { method: "POST", cookie });
    expect(end.status).toBe(200);
    expect(await json(end)).toEqual({ restored: true });
    const restored = applyCookies(cookie, end);
    expect(await whoamiEmail(restored)).toBe("admin@platform.test");
    // The impersonation session itself is gone.
    expect(await whoamiEmail(cookie)).toBe(401);

    const entries = await auditEntries();
    const ofBuyer = entries.filter((e) => e.targetUserId === buyerUserId);
    // Every request made meanwhile is there too (impersonation-guard.test.ts walks them).
    expect(ofBuyer.filter((e) => e.action !== "impersonation_request").map((e) => e.action)).toEqual([
      "impersonation_end",
      "impersonation_refused",
      "impersonation_start",
    ]);
    for (const entry of ofBuyer) {
      expect(entry.adminUserId).toBe(adminId);
      expect(entry.adminEmail).toBe("admin@platform.test");
    }
    expect(ofBuyer.find((e) => e.action === "impersonation_refused")).toMatchObject({
      detail: "Bought a lead with credits",
      request: "POST /api/purchases",
      status: 403,
    });
    expect(ofBuyer.find((e) => e.request === "POST /api/impersonation/end")).toMatchObject({
      action: "impersonation_request",
      detail: "Ended the impersonation",
      status: 200,
    });
  });

  it("refuses a credit grant and PayPal settings changes while impersonating the owner", async () => {
    const { res, cookie } = await impersonate(acme.userId);
    expect(res.status).toBe(200);
    const grant = await ctx.request("/api/credits/adjust", {
      method: "POST",
      cookie,
      json: { buyerId: buyerRecordId, amount: 50, reason: "Gift", idempotencyKey: newKey("grant") },
    });
    expect(grant.status).toBe(403);
    expect((await errorOf(grant)).code).toBe("IMPERSONATION_FORBIDDEN");
    const companyPayPal = await ctx.request("/api/payments/paypal/settings", {
      method: "PUT",
      cookie,
      json: { mode: "sandbox", clientId: "hijack", secret: "hijack-secret" },
    });
    expect(companyPayPal.status).toBe(403);
    expect((await errorOf(companyPayPal)).code).toBe("IMPERSONATION_FORBIDDEN");
    const platformPayPal = await ctx.request("/api/platform-admin/paypal", {
      method: "PUT",
      cookie,
      json: { mode: "sandbox", clientId: "hijack", secret: "hijack-secret" },
    });
    expect(platformPayPal.status).toBe(403);
    // Reading is allowed: the admin may look at what the owner sees.
    expect((await ctx.request("/api/payments/paypal/settings", { cookie })).status).toBe(200);

    const [buyerRow] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, buyerRecordId));
    expect(buyerRow!.creditBalance).toBe(100);
    expect(await ctx.database.db.select().from(platformSettings)).toEqual([]);
    const refused = (await auditEntries()).filter(
      (e) => e.targetUserId === acme.userId && e.action === "impersonation_refused",
    );
    expect(refused.map((e) => e.request).sort()).toEqual([
      "POST /api/credits/adjust",
      "PUT /api/payments/paypal/settings",
      "PUT /api/platform-admin/paypal",
    ]);
    expect(refused.map((e) => e.detail).sort()).toEqual([
      "Changed payment settings",
      "Changed the platform's PayPal settings",
      "Granted or revoked credits",
    ]);
    await ctx.request("/api/impersonation/end", { method: "POST", cookie });
  });

  it("no longer accepts an impersonation session older than one hour", async () => {
    const { cookie } = await impersonate(buyerUserId);
    expect(await whoamiEmail(cookie)).toBe("buyer@acme-platform.test");
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(and(eq(sessions.userId, buyerUserId), isNotNull(sessions.impersonatedBy)));
    expect(await whoamiEmail(cookie)).toBe(401);
    const [overAge] = await auditEntries();
    expect(overAge).toMatchObject({ action: "impersonation_end", detail: "Expired after one hour" });
    const left = await ctx.database.db.select().from(sessions).where(isNotNull(sessions.impersonatedBy));
    expect(left).toEqual([]);

    const second = await impersonate(buyerUserId);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(sessions.userId, buyerUserId), isNotNull(sessions.impersonatedBy)));
    expect(await whoamiEmail(second.cookie)).toBe(401);
    // The buyer's own sign-in is untouched.
    expect(await whoamiEmail(buyerCookie)).toBe("buyer@acme-platform.test");
    const [ended] = await auditEntries();
    expect(ended).toMatchObject({
      action: "impersonation_end",
      adminUserId: adminId,
      targetUserId: buyerUserId,
      detail: "Expired after one hour",
    });
  });

  it("audits the end when the impersonated session signs out", async () => {
    const { cookie } = await impersonate(buyerUserId);
    const out = await ctx.request("/api/auth/sign-out", { method: "POST", cookie });
    expect(out.status).toBe(200);
    const ended = (await auditEntries()).find((e) => e.action === "impersonation_end");
    expect(ended).toMatchObject({
      action: "impersonation_end",
      adminUserId: adminId,
      targetUserId: buyerUserId,
    });
    expect(ended!.detail).toBeNull();
    // The admin's own session is still there.
    expect(await whoamiEmail(adminCookie)).toBe("admin@platform.test");
  });
});

describe("API settings", () => {
  it("stores the platform's PayPal secret sealed and answers it masked", async () => {
    const res = await ctx.request("/api/platform-admin/paypal", {
      method: "PUT",
      cookie: adminCookie,
      json: { mode: "sandbox", clientId: PAYPAL_APP.clientId, secret: PAYPAL_APP.secret, webhookId: "WH-1" },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(PAYPAL_APP.secret);
    const body = JSON.parse(text) as TPlatformPayPalSettings;
    expect(body.sandbox).toMatchObject({
      clientId: PAYPAL_APP.clientId,
      webhookId: "WH-1",
      secretLast4: "XYZ9",
      configured: true,
    });
    expect(body.live.configured).toBe(false);
    const [row] = await ctx.database.db
      .select()
      .from(platformSettings)
      .where(eq(platformSettings.key, "paypal.sandbox"));
    expect(row!.secretCiphertext).not.toContain(PAYPAL_APP.secret);
    expect(ctx.deps.secretBox.open(row!.secretCiphertext!)).toBe(PAYPAL_APP.secret);

    // Saving without a secret keeps the stored one.
    const kept = await ctx.request("/api/platform-admin/paypal", {
      method: "PUT",
      cookie: adminCookie,
      json: { mode: "sandbox", clientId: PAYPAL_APP.clientId },
    });
    expect((await json<TPlatformPayPalSettings>(kept)).sandbox.secretLast4).toBe("XYZ9");
  });

  it("regenerates the plans at PayPal and stores them for the subscription panel", async () => {
    const res = await ctx.request("/api/platform-admin/paypal/plans", {
      method: "POST",
      cookie: adminCookie,
      json: { mode: "sandbox" },
    });
    expect(res.status).toBe(200);
    const body = await json<TRegeneratePlansResult>(res);
    expect(paypal.catalog.products.has(body.productId)).toBe(true);
    expect(body.plans.map((p) => [p.tier, p.priceCents, p.seats])).toEqual([
      ["basic", 2900, 10],
      ["pro", 4999, 25],
      ["enterprise", 9900, 100],
    ]);
    for (const plan of body.plans) {
      const atPayPal = paypal.catalog.plans.get(plan.providerPlanId);
      expect(atPayPal?.product_id).toBe(body.productId);
    }
    const prices = [...paypal.catalog.plans.values()].map(
      (p) =>
        (p.billing_cycles[0] as { pricing_scheme: { fixed_price: { value: string } } }).pricing_scheme
          .fixed_price.value,
    );
    expect(prices).toEqual(["29.00", "49.99", "99.00"]);

    // A second run replaces the stored plans of the mode (one per tier).
    const again = await json<TRegeneratePlansResult>(
      await ctx.request("/api/platform-admin/paypal/plans", {
        method: "POST",
        cookie: adminCookie,
        json: { mode: "sandbox" },
      }),
    );
    const stored = await ctx.database.db.select().from(subscriptionPlans);
    expect(stored).toHaveLength(3);
    expect(stored.map((p) => p.providerPlanId).sort()).toEqual(
      again.plans.map((p) => p.providerPlanId).sort(),
    );

    const live = await ctx.request("/api/platform-admin/paypal/plans", {
      method: "POST",
      cookie: adminCookie,
      json: { mode: "live" },
    });
    expect(live.status).toBe(409);
    expect((await errorOf(live)).code).toBe("PAYPAL_NOT_CONFIGURED");
  });
});

describe("user account management", () => {
  const post = (path: string, body: unknown) =>
    ctx.request(`/api/platform-admin/users${path}`, { method: "POST", cookie: adminCookie, json: body });

  it("creates a user with a password who can sign in as a company member", async () => {
    const res = await post("", {
      email: "New.Member@Acme-Platform.test",
      password: "Strong!Pass1",
      fullName: "New Member",
      companyId: acme.companyId,
      role: "user",
    });
    expect(res.status).toBe(200);
    const result = await json<TAdminUserResult>(res);
    expect(result).toMatchObject({
      success: true,
      action: "create",
      user: { email: "new.member@acme-platform.test" },
    });
    const cookie = await signIn(ctx, "new.member@acme-platform.test", "Strong!Pass1");
    const who = await json<{ roles: { role: string; companyId: string }[] }>(
      await ctx.request("/api/whoami", { cookie }),
    );
    expect(who.roles).toEqual([{ role: "member", companyId: acme.companyId }]);
    expect(
      (
        await post("", {
          ...JSON.parse("{}"),
          email: "x",
          fullName: "",
          companyId: acme.companyId,
          role: "user",
        })
      ).status,
    ).toBe(422);
    const duplicate = await post("", {
      email: "new.member@acme-platform.test",
      fullName: "Again",
      companyId: acme.companyId,
      role: "user",
    });
    expect(duplicate.status).toBe(409);
  });

  it("creates a buyer without a password and e-mails a single-use create-password link", async () => {
    const res = await post("", {
      email: "linked-buyer@acme-platform.test",
      fullName: "Linked Buyer",
      companyId: acme.companyId,
      role: "buyer",
    });
    expect(res.status).toBe(200);
    expect((await json<TAdminUserResult>(res)).passwordLinkSent).toBe(true);
    const mail = await latestEmail(ctx, "linked-buyer@acme-platform.test", "account_created");
    const link = new URL(mail.links.find((l) => l.includes("/auth/create-password"))!);
    expect(link.searchParams.get("type")).toBe("magiclink");
    const token = link.searchParams.get("token")!;
    const reset = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "Chosen!Pass2" },
    });
    expect(reset.status).toBe(200);
    const again = await ctx.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "Other!Pass3" },
    });
    expect(again.status).toBe(400);
    const cookie = await signIn(ctx, "linked-buyer@acme-platform.test", "Chosen!Pass2");
    const who = await json<{ isBuyer: boolean }>(await ctx.request("/api/whoami", { cookie }));
    expect(who.isBuyer).toBe(true);
  });

  it("deletes by e-mail preserving the buyer's data by default, and recreates with cleanup", async () => {
    const missing = await post("/delete", {});
    expect(missing.status).toBe(422);
    expect((await errorOf(missing)).message).toBe(PLATFORM_ADMIN_MESSAGES.DELETE_TARGET_REQUIRED);

    const res = await post("/delete", { email: "linked-buyer@acme-platform.test" });
    expect(res.status).toBe(200);
    expect((await json<TAdminUserResult>(res)).details).toMatchObject({ buyerRecordsKept: 1 });
    const [kept] = await ctx.database.db
      .select()
      .from(buyers)
      .where(eq(buyers.email, "linked-buyer@acme-platform.test"));
    expect(kept).toMatchObject({ userId: null, deletedAt: null });

    const recreated = await post("/recreate", {
      email: "linked-buyer@acme-platform.test",
      password: "Fresh!Pass4",
      fullName: "Linked Buyer",
      companyId: acme.companyId,
      role: "buyer",
    });
    expect(recreated.status).toBe(200);
    const result = await json<TAdminUserResult>(recreated);
    expect(result.action).toBe("recreate");
    expect(result.details).toMatchObject({ previousAccountDeleted: 0, orphanedInvitationsRevoked: 0 });
    // The preserved buyer record is linked to the new account instead of duplicated.
    const rows = await ctx.database.db
      .select()
      .from(buyers)
      .where(eq(buyers.email, "linked-buyer@acme-platform.test"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(result.user.id);

    const byId = await post("/delete", { userId: result.user.id, preserveData: false });
    expect((await json<TAdminUserResult>(byId)).details).toMatchObject({ buyerRecordsDeleted: 1 });
    const [gone] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, rows[0]!.id));
    expect(gone!.deletedAt).not.toBeNull();
    expect(await ctx.database.db.select().from(users).where(eq(users.id, result.user.id))).toEqual([]);

    const self = await post("/delete", { userId: adminId });
    expect(self.status).toBe(403);
  });
});

describe("lists, subscribers and support e-mail", () => {
  it("lists buyers and owners of every company with search and pages of 20", async () => {
    const other = await createCompanyWithOwner(ctx, "owner@other-platform.test", "Other Platform");
    for (let i = 0; i < 21; i++) {
      await ctx.database.db.insert(buyers).values({
        companyId: other.companyId,
        email: `paged${i}@other-platform.test`,
        contactName: `Paged ${i}`,
        status: "active",
      });
    }
    const page = (query: string) =>
      ctx
        .request(`/api/platform-admin/users?${query}`, { cookie: adminCookie })
        .then((r) => json<TPlatformUserList>(r));
    const first = await page("role=buyer&search=paged");
    expect(first).toMatchObject({ total: 21, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect((await page("role=buyer&search=paged&page=2")).items).toHaveLength(1);
    const ben = await page("role=buyer&search=buyer@acme-platform");
    expect(ben.items.map((r) => [r.email, r.userId, r.companyName])).toEqual([
      ["buyer@acme-platform.test", buyerUserId, "Acme Platform"],
    ]);
    const owners = await page("role=owner&search=platform.test");
    expect(owners.items.map((r) => r.email).sort()).toEqual([
      "owner@acme-platform.test",
      "owner@other-platform.test",
    ]);
  });

  it("lists every company with tier, seats used, buyers and leads, sortable and searchable", async () => {
    const list = (query: string) =>
      ctx
        .request(`/api/platform-admin/subscribers?${query}`, { cookie: adminCookie })
        .then((r) => json<TSubscriberList>(r));
    const all = await list("sort=buyers&dir=desc");
    expect(all.items.map((r) => r.name)).toEqual(["Other Platform", "Acme Platform"]);
    const acmeRow = all.items.find((r) => r.companyId === acme.companyId)!;
    expect(acmeRow).toMatchObject({ tier: "basic", seats: 10, seatsUsed: 3, buyers: 1, leads: 1 });
    expect(acmeRow.trialExpiresAt).not.toBeNull();
    expect((await list("sort=name&dir=asc")).items.map((r) => r.name)).toEqual([
      "Acme Platform",
      "Other Platform",
    ]);
    expect((await list("search=acme")).items.map((r) => r.name)).toEqual(["Acme Platform"]);
  });

  it("sends a support e-mail through the platform mail, subject and message required", async () => {
    const empty = await ctx.request("/api/platform-admin/support-email", {
      method: "POST",
      cookie: adminCookie,
      json: { to: "buyer@acme-platform.test", subject: " ", message: "" },
    });
    expect(empty.status).toBe(422);
    expect((await errorOf(empty)).message).toBe("Please fill in both subject and message");
    // Where the schema has no words of its own, the field in words, never the validation library's.
    const notObject = await ctx.request("/api/platform-admin/support-email", {
      method: "POST",
      cookie: adminCookie,
      json: [],
    });
    expect(notObject.status).toBe(422);
    expect((await errorOf(notObject)).message).toBe("Input must be a JSON object of named fields.");
    const wrongType = await ctx.request("/api/platform-admin/users/delete", {
      method: "POST",
      cookie: adminCookie,
      json: { userId: 5 },
    });
    expect(wrongType.status).toBe(422);
    expect((await errorOf(wrongType)).message).toBe("User id must be text.");
    const sent = await ctx.request("/api/platform-admin/support-email", {
      method: "POST",
      cookie: adminCookie,
      json: {
        to: "buyer@acme-platform.test",
        subject: "About your leads",
        message: "Hello <Ben>,\n\nAll good.",
      },
    });
    expect(sent.status).toBe(200);
    const mail = await latestEmail(ctx, "buyer@acme-platform.test", "support");
    expect(mail.subject).toBe("About your leads");
    expect(mail.html).toContain("Hello &lt;Ben&gt;,");
    expect(mail.companyId).toBeNull();
  });
});
