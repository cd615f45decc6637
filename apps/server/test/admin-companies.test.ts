import {
  ADMIN_COMPANY_MESSAGES,
  COMPANY_SUSPENDED_MESSAGE,
  FORM_MESSAGES,
  type TAdminCompany,
  type TAdminCompanyResult,
  type TAuditLogEntry,
  type TSubscriberList,
  type TSubscriptionState,
  type TTeam,
} from "@leadpost/shared";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, forms, leads, subscriptions } from "../src/db/schema";
import { createUser } from "./helpers/buyer-portal";
import { createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { createPublishedForm, submit } from "./helpers/forms";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let adminCookie: string;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;

const json = async <T>(res: Response) => (await res.json()) as T;
const errorOf = async (res: Response) =>
  (await json<{ error: { code: string; message: string; fields?: Record<string, string[]> } }>(res)).error;
const base = (companyId: string) => `/api/platform-admin/companies/${companyId}`;
const act = (companyId: string, path: string, method: "POST" | "PUT", body?: unknown) =>
  ctx.request(`${base(companyId)}${path}`, { method, cookie: adminCookie, json: body });

async function audit() {
  const res = await ctx.request("/api/platform-admin/audit-log", { cookie: adminCookie });
  return (await json<{ items: TAuditLogEntry[] }>(res)).items;
}

beforeAll(async () => {
  ctx = await createTestContext({ PLATFORM_ADMIN_EMAILS: "admin@companies-admin.test" });
  await createUser(ctx, "admin@companies-admin.test");
  adminCookie = await signIn(ctx, "admin@companies-admin.test", FIXTURE_PASSWORD);
  acme = await createCompanyWithOwner(ctx, "owner@companies-acme.test", "Acme Companies");
});
afterAll(async () => {
  await ctx.close();
});

describe("a company's page for the platform admin", () => {
  it("shows the plan, trial and usage, and only to platform admins", async () => {
    const res = await ctx.request(base(acme.companyId), { cookie: adminCookie });
    expect(res.status).toBe(200);
    const company = await json<TAdminCompany>(res);
    expect(company).toMatchObject({
      name: "Acme Companies",
      tier: "free",
      seats: 2,
      seatsUsed: 1,
      billedBy: null,
      isTrialExempt: false,
      suspendedAt: null,
    });
    expect(company.lastActivityAt).not.toBeNull(); // the owner signed in
    expect((await ctx.request(base(acme.companyId), { cookie: acme.cookie })).status).toBe(403);
    expect((await ctx.request(base(crypto.randomUUID()), { cookie: adminCookie })).status).toBe(404);
  });

  it("extends the trial from its end and records who did it, in words", async () => {
    const before = await json<TAdminCompany>(
      await ctx.request(base(acme.companyId), { cookie: adminCookie }),
    );
    const res = await act(acme.companyId, "/trial", "POST", { days: 10 });
    expect(res.status).toBe(200);
    const result = await json<TAdminCompanyResult>(res);
    expect(result.message).toBe(ADMIN_COMPANY_MESSAGES.TRIAL_EXTENDED);
    const added = Date.parse(result.company.trialExpiresAt!) - Date.parse(before.trialExpiresAt!);
    expect(added).toBe(10 * 24 * 60 * 60 * 1000);
    const [entry] = await audit();
    expect(entry).toMatchObject({
      action: "company_trial_extended",
      adminEmail: "admin@companies-admin.test",
    });
    expect(entry?.detail).toContain("Acme Companies: trial extended by 10 days");

    const bad = await act(acme.companyId, "/trial", "POST", { days: 0 });
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).message).toBe(ADMIN_COMPANY_MESSAGES.DAYS_RANGE);
  });

  it("exempts a company from the trial, and the company sees it", async () => {
    const res = await act(acme.companyId, "/trial-exempt", "PUT", { exempt: true });
    expect((await json<TAdminCompanyResult>(res)).company.isTrialExempt).toBe(true);
    const [row] = await ctx.database.db
      .select({ exempt: companies.isTrialExempt })
      .from(companies)
      .where(eq(companies.id, acme.companyId));
    expect(row?.exempt).toBe(true);
    await act(acme.companyId, "/trial-exempt", "PUT", { exempt: false });
  });
});

describe("a plan set by hand", () => {
  it("needs a reason, and then reads the same on Settings, Team, Subscribers and the company page", async () => {
    const noReason = await act(acme.companyId, "/tier", "PUT", { tier: "pro", reason: " " });
    expect(noReason.status).toBe(422);
    expect((await errorOf(noReason)).fields?.reason?.[0]).toBe(ADMIN_COMPANY_MESSAGES.REASON_REQUIRED);

    const res = await act(acme.companyId, "/tier", "PUT", { tier: "pro", reason: "Partner agreement" });
    expect(res.status).toBe(200);
    const page = (await json<TAdminCompanyResult>(res)).company;
    expect(page).toMatchObject({ tier: "pro", seats: 25, subscriptionStatus: "active", billedBy: "manual" });

    const settings = await json<TSubscriptionState>(
      await ctx.request("/api/settings/subscription", { cookie: acme.cookie }),
    );
    expect(settings).toMatchObject({ tier: "pro", seats: 25, status: "active", billedBy: "manual" });
    const team = await json<TTeam>(await ctx.request("/api/settings/team", { cookie: acme.cookie }));
    expect(team.seats).toBe(25);
    const list = await json<TSubscriberList>(
      await ctx.request("/api/platform-admin/subscribers?search=Acme%20Companies", { cookie: adminCookie }),
    );
    expect(list.items[0]).toMatchObject({ tier: "pro", seats: 25, subscriptionStatus: "active" });
    // The record behind it: one active manual subscription.
    const active = await ctx.database.db
      .select({ provider: subscriptions.provider, tier: subscriptions.tier })
      .from(subscriptions)
      .where(and(eq(subscriptions.companyId, acme.companyId), eq(subscriptions.status, "ACTIVE")));
    expect(active).toEqual([{ provider: "manual", tier: "pro" }]);
    const [entry] = await audit();
    expect(entry?.detail).toBe("Acme Companies: plan changed from Free to Pro (reason: Partner agreement)");
  });

  it("back to free ends the manual plan and its seats", async () => {
    const res = await act(acme.companyId, "/tier", "PUT", { tier: "free", reason: "Agreement ended" });
    expect((await json<TAdminCompanyResult>(res)).company).toMatchObject({ tier: "free", seats: 2 });
    const [active] = await ctx.database.db
      .select({ n: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.companyId, acme.companyId), eq(subscriptions.status, "ACTIVE")));
    expect(active?.n).toBe(0);
  });

  it("is refused over a plan PayPal bills", async () => {
    const other = await createCompanyWithOwner(ctx, "owner@companies-paypal.test", "PayPal Payer");
    await ctx.database.db.insert(subscriptions).values({
      companyId: other.companyId,
      providerSubscriptionId: "I-PAYPAL-BILLED",
      tier: "basic",
      status: "ACTIVE",
    });
    const res = await act(other.companyId, "/tier", "PUT", { tier: "enterprise", reason: "Upgrade" });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(ADMIN_COMPANY_MESSAGES.PAID_THROUGH_PAYPAL);
  });
});

describe("seats", () => {
  it("hold for users a platform admin creates", async () => {
    const small = await createCompanyWithOwner(ctx, "owner@companies-seats.test", "Two Seats");
    const create = (email: string) =>
      ctx.request("/api/platform-admin/users", {
        method: "POST",
        cookie: adminCookie,
        json: {
          email,
          fullName: "Team Mate",
          role: "user",
          companyId: small.companyId,
          password: "Password!2026",
        },
      });
    expect((await create("second@companies-seats.test")).status).toBe(200);
    const third = await create("third@companies-seats.test");
    expect(third.status).toBe(409);
    expect((await errorOf(third)).code).toBe("SEAT_LIMIT");
    // A buyer takes no seat.
    const buyer = await ctx.request("/api/platform-admin/users", {
      method: "POST",
      cookie: adminCookie,
      json: {
        email: "buyer@companies-seats.test",
        fullName: "A Buyer",
        role: "buyer",
        companyId: small.companyId,
      },
    });
    expect(buyer.status).toBe(200);
  });
});

describe("suspension", () => {
  it("stops the company's users and forms, deletes nothing, and reinstating restores both", async () => {
    const form = await createPublishedForm(ctx, acme.cookie);
    expect((await submit(ctx, form.id)).status).toBe(201);
    const leadCount = async () =>
      (await ctx.database.db.select({ n: count() }).from(leads).where(eq(leads.companyId, acme.companyId)))[0]
        ?.n;
    const before = await leadCount();

    const noReason = await act(acme.companyId, "/suspend", "POST", { reason: "" });
    expect(noReason.status).toBe(422);
    const res = await act(acme.companyId, "/suspend", "POST", { reason: "Unpaid invoices" });
    expect(res.status).toBe(200);
    expect((await json<TAdminCompanyResult>(res)).company.suspendedReason).toBe("Unpaid invoices");
    expect((await act(acme.companyId, "/suspend", "POST", { reason: "Again" })).status).toBe(409);

    const page = await ctx.request("/api/leads", { cookie: acme.cookie });
    expect(page.status).toBe(403);
    expect(await errorOf(page)).toMatchObject({
      code: "COMPANY_SUSPENDED",
      message: COMPANY_SUSPENDED_MESSAGE,
    });
    const whoami = await json<{ companySuspended: boolean }>(
      await ctx.request("/api/whoami", { cookie: acme.cookie }),
    );
    expect(whoami.companySuspended).toBe(true);

    const publicForm = await ctx.request(`/api/public/forms/${form.id}`);
    expect(publicForm.status).toBe(503);
    expect((await errorOf(publicForm)).message).toBe(FORM_MESSAGES.CLOSED);
    const refused = await submit(ctx, form.id, undefined, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(refused.status).toBe(503);
    expect(await leadCount()).toBe(before);
    const [kept] = await ctx.database.db.select({ id: forms.id }).from(forms).where(eq(forms.id, form.id));
    expect(kept?.id).toBe(form.id);

    const back = await act(acme.companyId, "/reinstate", "POST");
    expect((await json<TAdminCompanyResult>(back)).company.suspendedAt).toBeNull();
    expect((await ctx.request("/api/leads", { cookie: acme.cookie })).status).toBe(200);
    expect((await ctx.request(`/api/public/forms/${form.id}`)).status).toBe(200);
    const actions = (await audit()).slice(0, 2).map((e) => e.action);
    expect(actions).toEqual(["company_reinstated", "company_suspended"]);
  });
});
