import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerInvitations, buyers, niches, userRoles, users } from "../src/db/schema";
import { createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { latestEmail } from "./helpers/mailbox";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
  other = await createCompanyWithOwner(ctx, "owner@other.test", "Other Co");
});
afterAll(() => ctx.close());

const invite = (cookie: string, json: unknown) =>
  ctx.request("/api/buyers/invite", { method: "POST", cookie, json });
const tokenFrom = async (email: string) => {
  const mail = await latestEmail(ctx, email, "buyer_invitation");
  return new URL(mail.links[0]!).searchParams.get("token")!;
};

describe("buyer invitations", () => {
  it("creates a pending buyer and e-mails a link whose token is stored only as a hash", async () => {
    const res = await invite(acme.cookie, { email: "Buyer@Example.com", nicheId: acme.nicheId });
    expect(res.status).toBe(200);
    const { buyerId } = (await res.json()) as { buyerId: string };
    const [buyer] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, buyerId));
    expect(buyer).toMatchObject({
      companyId: acme.companyId,
      email: "buyer@example.com",
      status: "pending",
      userId: null,
    });

    const token = await tokenFrom("buyer@example.com");
    const [invitation] = await ctx.database.db
      .select()
      .from(buyerInvitations)
      .where(eq(buyerInvitations.buyerId, buyerId));
    expect(invitation!.tokenHash).not.toContain(token);

    const details = await ctx.request(`/api/invitations/${token}`);
    expect(await details.json()).toEqual({
      email: "buyer@example.com",
      contactName: "buyer",
      company: { name: "Acme Leads", logoUrl: null },
      status: "pending",
      hasAccount: false,
    });
  });

  it("registers the buyer from the link, signs it in as an active buyer, and refuses the link afterwards", async () => {
    const token = await tokenFrom("buyer@example.com");
    const short = await ctx.request(`/api/invitations/${token}/accept`, {
      method: "POST",
      json: { password: "short", confirmPassword: "short" },
    });
    expect(short.status).toBe(422);

    const res = await ctx.request(`/api/invitations/${token}/accept`, {
      method: "POST",
      json: { password: "Buyer!pass1", confirmPassword: "Buyer!pass1" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ redirectTo: "/buyer/dashboard" });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const who = (await (await ctx.request("/api/whoami", { cookie })).json()) as {
      isBuyer: boolean;
      roles: unknown[];
    };
    expect(who).toMatchObject({ isBuyer: true, roles: [] });

    const again = await ctx.request(`/api/invitations/${token}/accept`, {
      method: "POST",
      json: { password: "Buyer!pass2", confirmPassword: "Buyer!pass2" },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { message: "This invitation has already been used" } });
    const [u] = await ctx.database.db.select().from(users).where(eq(users.email, "buyer@example.com"));
    expect(u!.emailVerified).toBe(true);
    await expect(signIn(ctx, "buyer@example.com", "Buyer!pass1")).resolves.toBeTruthy();
  });

  it("answers an unknown token with the spec's text", async () => {
    const res = await ctx.request(`/api/invitations/${"x".repeat(43)}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { message: "Invalid or expired invitation" } });
  });

  it("makes an older link useless once the invitation is resent", async () => {
    const first = await invite(acme.cookie, { email: "resend@example.com", nicheId: acme.nicheId });
    const { buyerId } = (await first.json()) as { buyerId: string };
    const oldToken = await tokenFrom("resend@example.com");
    const resent = await invite(acme.cookie, { email: "resend@example.com", nicheId: acme.nicheId, buyerId });
    expect(resent.status).toBe(200);
    const newToken = await tokenFrom("resend@example.com");
    expect(newToken).not.toBe(oldToken);
    expect((await ctx.request(`/api/invitations/${oldToken}`)).status).toBe(404);
    expect((await ctx.request(`/api/invitations/${newToken}`)).status).toBe(200);
  });

  it("refuses a duplicate buyer for the same niche", async () => {
    const res = await invite(acme.cookie, { email: "buyer@example.com", nicheId: acme.nicheId });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: { message: "A buyer with this email already exists for this niche." },
    });
  });

  it("validates the e-mail and niche with the dialog's texts", async () => {
    const res = await invite(acme.cookie, { email: "nope", nicheId: "not-a-uuid" });
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(error.fields).toMatchObject({
      email: ["Please enter a valid email address"],
      nicheId: ["Please select a niche"],
    });
  });

  it("keeps tenants apart: another company's niche or buyer id is not found and nothing changes", async () => {
    const foreignNiche = await invite(other.cookie, { email: "x@example.com", nicheId: acme.nicheId });
    expect(foreignNiche.status).toBe(422);
    const [acmeBuyer] = await ctx.database.db
      .select()
      .from(buyers)
      .where(eq(buyers.email, "resend@example.com"));
    const foreignBuyer = await invite(other.cookie, {
      email: "resend@example.com",
      nicheId: other.nicheId,
      buyerId: acmeBuyer!.id,
    });
    expect(foreignBuyer.status).toBe(404);
    const body = JSON.stringify(await foreignBuyer.json());
    expect(body).not.toContain("resend@example.com");
    expect(body).not.toContain("Acme");
  });

  it("allows only owners and admins to invite", async () => {
    await ctx.database.db
      .insert(users)
      .values({ id: "member-user", email: "member@acme.test", name: "M", emailVerified: true });
    await ctx.database.db
      .insert(userRoles)
      .values({ userId: "member-user", companyId: acme.companyId, role: "member" });
    // Members cannot sign in without a password; give one through the owner fixture's path.
    const { hashPassword } = await import("../src/modules/auth/password");
    const { accounts } = await import("../src/db/schema");
    await ctx.database.db.insert(accounts).values({
      accountId: "member-user",
      providerId: "credential",
      userId: "member-user",
      password: await hashPassword(FIXTURE_PASSWORD),
    });
    const cookie = await signIn(ctx, "member@acme.test", FIXTURE_PASSWORD);
    const res = await invite(cookie, { email: "y@example.com", nicheId: acme.nicheId });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: { message: "Permission denied. You must be an owner or admin to create buyers." },
    });
    expect((await ctx.request("/api/buyers/invite", { method: "POST", json: {} })).status).toBe(401);
  });
});

describe("one rule for the same buyer", () => {
  const createBuyer = (json: unknown) =>
    ctx.request("/api/buyers", { method: "POST", cookie: acme.cookie, json });
  const base = { contactName: "Sam Same", zipCode: "80202", serviceRadius: 25, prepaidLeadsTotal: 0 };

  it("an added buyer cannot be invited again, and an invited one cannot be added again, in any letter case", async () => {
    expect((await createBuyer({ ...base, email: "Same@One.test", nicheId: acme.nicheId })).status).toBe(201);
    const reinvite = await invite(acme.cookie, { email: "same@ONE.test", nicheId: acme.nicheId });
    expect(reinvite.status).toBe(409);

    expect((await invite(acme.cookie, { email: "Two@Same.test", nicheId: acme.nicheId })).status).toBe(200);
    const added = await createBuyer({ ...base, email: "two@same.TEST", nicheId: acme.nicheId });
    expect(added.status).toBe(409);
    const { error } = (await added.json()) as { error: { message: string } };
    expect(error.message).toBe("A buyer with this email already exists in your company.");
  });

  it("another niche is another buyer on every path", async () => {
    const [niche] = await ctx.database.db
      .insert(niches)
      .values({ companyId: acme.companyId, name: "Solar same", price: 10 })
      .returning();
    expect((await invite(acme.cookie, { email: "same@one.test", nicheId: niche!.id })).status).toBe(200);
    expect((await createBuyer({ ...base, email: "two@same.test", nicheId: niche!.id })).status).toBe(201);
  });
});
