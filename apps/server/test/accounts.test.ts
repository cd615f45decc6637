import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEvents, companies, profiles, userRoles, users } from "../src/db/schema";
import { latestEmail } from "./helpers/mailbox";
import { createTestContext, signIn, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: "true" });
});
afterAll(() => ctx.close());

const registration = (over: Record<string, string> = {}) => ({
  companyName: "Northwind Roofing",
  contactName: "Nora West",
  phone: "(303) 555-0199",
  email: "Nora@Northwind.test",
  password: "Roof!ng2026",
  confirmPassword: "Roof!ng2026",
  ...over,
});
const register = (body: unknown, headers: Record<string, string> = {}) =>
  ctx.request("/api/accounts/company", { method: "POST", json: body, headers });

describe("company registration", () => {
  it("creates user, company (14-day trial, 2 seats), owner role and profile, and e-mails verification", async () => {
    const res = await register(registration());
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      userId: string;
      companyId: string;
      email: string;
      verificationSent: boolean;
    };
    expect(body).toMatchObject({ email: "nora@northwind.test", verificationSent: true });

    const db = ctx.database.db;
    const [company] = await db.select().from(companies).where(eq(companies.id, body.companyId));
    expect(company).toMatchObject({
      name: "Northwind Roofing",
      adminEmail: "nora@northwind.test",
      seats: 2,
      subscriptionTier: "free",
    });
    const trialDays = (company!.trialExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, body.userId))).toMatchObject([
      { companyId: body.companyId, role: "owner" },
    ]);
    expect(await db.select().from(profiles).where(eq(profiles.id, body.userId))).toMatchObject([
      { companyId: body.companyId, fullName: "Nora West", phoneNumber: "(303) 555-0199" },
    ]);

    const mail = await latestEmail(ctx, "nora@northwind.test", "email_verification");
    const link = new URL(mail.links[0]!);
    const verify = await ctx.request(link.pathname + link.search, { redirect: "manual" });
    expect(verify.status).toBe(302);
    const cookie = await signIn(ctx, "nora@northwind.test", "Roof!ng2026");
    const who = (await (await ctx.request("/api/whoami", { cookie })).json()) as {
      organizationId: string;
      roles: unknown[];
    };
    expect(who.organizationId).toBe(body.companyId);
    expect(TEST_ORIGIN).toContain(link.host);
  });

  it("answers a second registration with the same e-mail with the spec's duplicate messages", async () => {
    const again = await register(registration({ companyName: "Other" }));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: {
        code: "COMPANY_EXISTS",
        message: "A company with this email already exists. Please use a different email or try logging in.",
      },
    });
    // A user without a company of that address (e.g. a buyer) gets the account message instead.
    await ctx.database.db.insert(users).values({ email: "buyer.only@example.com", name: "B" });
    const taken = await register(registration({ email: "buyer.only@example.com" }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      error: {
        code: "USER_EXISTS",
        message: "An account with this email already exists. Please try logging in instead.",
      },
    });
    const events = await ctx.database.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.email, "buyer.only@example.com"));
    expect(events).toMatchObject([{ eventType: "signup", status: "error" }]);
  });

  it("refuses invalid fields with the 000 §5.2 messages and creates nothing", async () => {
    const res = await register({
      companyName: " ",
      contactName: "",
      phone: "12345",
      email: "not-an-email",
      password: "short",
      confirmPassword: "other",
    });
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } };
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toMatchObject({
      companyName: ["Company name is required"],
      contactName: ["Contact name is required"],
      phone: ["Please enter a valid phone number"],
      email: ["Invalid email address"],
      password: ["Password must be at least 8 characters"],
    });
    const mismatch = await register(registration({ email: "m@example.com", confirmPassword: "Different1!" }));
    expect(
      ((await mismatch.json()) as { error: { fields: Record<string, string[]> } }).error.fields,
    ).toMatchObject({
      confirmPassword: ["Passwords don't match"],
    });
    expect(await ctx.database.db.select().from(users).where(eq(users.email, "m@example.com"))).toEqual([]);
  });

  it("lets only one of two simultaneous registrations of an address through", async () => {
    const [a, b] = await Promise.all([
      register(registration({ email: "race@example.com", companyName: "A" })),
      register(registration({ email: "race@example.com", companyName: "B" })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(
      await ctx.database.db.select().from(companies).where(eq(companies.adminEmail, "race@example.com")),
    ).toHaveLength(1);
  });

  it("limits registrations per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await register(registration({ email: `flood${i}@example.com` }), {
        "x-forwarded-for": "203.0.113.50",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
