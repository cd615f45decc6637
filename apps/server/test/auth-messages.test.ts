import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyers, profiles, users } from "../src/db/schema";
import { createBareUser, createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { latestEmail } from "./helpers/mailbox";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

// Every 000 §8 message the server itself answers, and the answers that must not reveal accounts.

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: "true" });
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
});
afterAll(() => ctx.close());

type TErrorBody = { error: { code: string; message: string; requestId?: string } };
let ipCounter = 0;
/** Each call from its own address, so the rate limits of one test never touch another. */
const post = (path: string, json: unknown, opts: { cookie?: string; ip?: string } = {}) =>
  ctx.request(path, {
    method: "POST",
    json,
    cookie: opts.cookie,
    headers: { "x-forwarded-for": opts.ip ?? `198.51.100.${++ipCounter}` },
  });
const errorOf = async (res: Response) => ((await res.json()) as TErrorBody).error;

describe("sign-in messages", () => {
  it("answers a wrong password and an unknown account alike, with the spec's text", async () => {
    const wrong = await post("/api/auth/sign-in/email", {
      email: "owner@acme.test",
      password: "Wrong!pass1",
    });
    const unknown = await post("/api/auth/sign-in/email", {
      email: "nobody@acme.test",
      password: "Wrong!pass1",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await errorOf(wrong);
    const b = await errorOf(unknown);
    expect(a).toMatchObject({
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Invalid email or password. Please check your credentials and try again.",
    });
    expect({ ...b, requestId: undefined }).toEqual({ ...a, requestId: undefined });
    expect(a.requestId).toBeTruthy();
  });

  it("tells an unverified user to verify, but only with the right password", async () => {
    await createBareUser(ctx, "unverified@example.com", "Str0ng!pass", "U");
    const right = await post("/api/auth/sign-in/email", {
      email: "unverified@example.com",
      password: "Str0ng!pass",
    });
    expect(right.status).toBe(403);
    expect(await errorOf(right)).toMatchObject({
      code: "EMAIL_NOT_VERIFIED",
      message: "Your email has not been verified. Please check your inbox for the verification link",
    });
    const wrong = await post("/api/auth/sign-in/email", {
      email: "unverified@example.com",
      password: "Wrong!pass1",
    });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe("INVALID_EMAIL_OR_PASSWORD");
  });

  it("answers an internal failure with the login-failed text", async () => {
    const broken = await createTestContext({ TRUST_PROXY: "true" });
    await broken.database.close();
    try {
      const res = await broken.request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email: "owner@acme.test", password: FIXTURE_PASSWORD },
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(await errorOf(res)).toMatchObject({
        code: "LOGIN_FAILED",
        message: "Login failed. Please try again in a moment or reset your password.",
      });
    } finally {
      await broken.close();
    }
  });
});

describe("sign-up messages", () => {
  it("the auth library's own sign-up endpoint answers 404 and makes no user", async () => {
    const res = await post("/api/auth/sign-up/email", {
      email: "open.signup@example.com",
      password: "Str0ng!pass",
      name: "X",
    });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("NOT_FOUND");
    expect(
      await ctx.database.db.select().from(users).where(eq(users.email, "open.signup@example.com")),
    ).toEqual([]);
  });

  it("limits verification e-mails with the e-mail rate-limit text", async () => {
    const ip = "203.0.113.77";
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 7; i++) {
      last = await post(
        "/api/auth/send-verification-email",
        { email: "unverified@example.com", callbackURL: "/auth/callback" },
        { ip },
      );
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(last!.status).toBe(429);
    expect(await errorOf(last!)).toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many emails sent. Please wait a few minutes before trying again.",
    });
  });
});

describe("forgot password", () => {
  it("answers the same for known and unknown addresses, by link and by code", async () => {
    for (const path of ["/api/auth/request-password-reset", "/api/auth/email-otp/send-verification-otp"]) {
      const body = (email: string) =>
        path.endsWith("otp")
          ? { email, type: "forget-password" }
          : { email, redirectTo: "/auth/reset-password" };
      const known = await post(path, body("owner@acme.test"));
      const unknown = await post(path, body("ghost@acme.test"));
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(await unknown.json()).toEqual(await known.json());
    }
    await expect(latestEmail(ctx, "ghost@acme.test")).rejects.toThrow();
  });

  it("rate-limits one address with a wait in seconds, never the account for others", async () => {
    const ip = "203.0.113.88";
    let last: Response | null = null;
    for (let i = 0; i < 6; i++) {
      last = await post(
        "/api/auth/request-password-reset",
        { email: "owner@acme.test", redirectTo: "/auth/reset-password" },
        { ip },
      );
    }
    expect(last!.status).toBe(429);
    const wait = Number(last!.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await errorOf(last!)).code).toBe("RATE_LIMITED");
    const other = await post("/api/auth/request-password-reset", {
      email: "owner@acme.test",
      redirectTo: "/auth/reset-password",
    });
    expect(other.status).toBe(200);
  });

  it("refuses a used or made-up reset token and a too-short password with the reset texts", async () => {
    const madeUp = await post("/api/auth/reset-password", { token: "x".repeat(24), newPassword: "Abc!1234" });
    expect(madeUp.status).toBe(400);
    expect(await errorOf(madeUp)).toMatchObject({
      code: "INVALID_TOKEN",
      message: "This reset link is invalid or has already been used.",
    });
    const spaced = await post("/api/auth/reset-password", {
      token: "x".repeat(24),
      newPassword: " Abc!1234 ",
    });
    expect(spaced.status).toBe(400);
    expect(await errorOf(spaced)).toMatchObject({
      code: "PASSWORD_SPACES",
      message: "Leading and trailing spaces are not allowed",
    });
    const short = await post("/api/auth/reset-password", { token: "x".repeat(24), newPassword: "Ab1!x" });
    expect(short.status).toBe(400);
    expect(await errorOf(short)).toMatchObject({
      code: "PASSWORD_TOO_SHORT",
      message: "Password must be at least 6 characters",
    });
  });

  it("refuses a wrong one-time code with the code text", async () => {
    await post("/api/auth/email-otp/send-verification-otp", {
      email: "owner@acme.test",
      type: "forget-password",
    });
    const wrong = await post("/api/auth/email-otp/reset-password", {
      email: "owner@acme.test",
      otp: "000000",
      password: "Otp!pass1",
    });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({
      code: "INVALID_OTP",
      message: "Invalid or expired code. Please check the code or request a new one.",
    });
  });
});

describe("standalone buyer login (000 §6)", () => {
  it("gives a company user an active buyer record in their own company, once", async () => {
    const first = await post("/api/session/buyer-account", {}, { cookie: acme.cookie });
    expect(first.status).toBe(200);
    const created = (await first.json()) as { buyerId: string; companyId: string; created: boolean };
    expect(created).toMatchObject({ companyId: acme.companyId, created: true });
    const again = (await (await post("/api/session/buyer-account", {}, { cookie: acme.cookie })).json()) as {
      buyerId: string;
      created: boolean;
    };
    expect(again).toEqual({ buyerId: created.buyerId, companyId: acme.companyId, created: false });
    const [row] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, created.buyerId));
    expect(row).toMatchObject({ status: "active", userId: acme.userId, email: "owner@acme.test" });
  });

  it("answers a user without a company with the not-configured text", async () => {
    await createBareUser(ctx, "lonely@example.com", "Str0ng!pass", "Lonely");
    await ctx.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, "lonely@example.com"));
    const cookie = await signIn(ctx, "lonely@example.com", "Str0ng!pass");
    const answer = await post("/api/session/buyer-account", {}, { cookie });
    expect(answer.status).toBe(403);
    expect(await errorOf(answer)).toMatchObject({
      code: "NOT_CONFIGURED",
      message: "Your account is not properly configured. Please contact support.",
    });
    const [profile] = await ctx.database.db
      .select()
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(users.email, "lonely@example.com"));
    expect(profile).toBeUndefined();
    expect((await post("/api/session/buyer-account", {})).status).toBe(401);
  });

  it("answers a pending buyer of the user's address once the user accepted the invitation", async () => {
    const invite = await post(
      "/api/buyers/invite",
      { email: "lonely@example.com", nicheId: acme.nicheId },
      { cookie: acme.cookie },
    );
    expect(invite.status).toBe(200);
    const { buyerId } = (await invite.json()) as { buyerId: string };
    const cookie = await signIn(ctx, "lonely@example.com", "Str0ng!pass");
    // Not linked by signing in: the user accepts first.
    expect((await post("/api/session/buyer-account", {}, { cookie })).status).toBe(403);
    const { invitations } = (await (await ctx.request("/api/session/invitations", { cookie })).json()) as {
      invitations: { id: string }[];
    };
    expect((await post(`/api/session/invitations/${invitations[0]!.id}/accept`, {}, { cookie })).status).toBe(
      200,
    );
    const answer = await post("/api/session/buyer-account", {}, { cookie });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ buyerId, companyId: acme.companyId, created: false });
  });
});

describe("invitation messages", () => {
  const tokenFor = async (email: string) => {
    const mail = await latestEmail(ctx, email, "buyer_invitation");
    return new URL(mail.links[0]!).searchParams.get("token")!;
  };

  it("accepts an invitation for the signed-in user with the invited address, once", async () => {
    const invite = await post(
      "/api/buyers/invite",
      { email: "google.buyer@example.com", nicheId: acme.nicheId },
      { cookie: acme.cookie },
    );
    expect(invite.status).toBe(200);
    const token = await tokenFor("google.buyer@example.com");

    // Signed in as someone else: refused, nothing linked.
    const stranger = await post(
      `/api/accounts/invitations/${token}/accept-session`,
      {},
      { cookie: acme.cookie },
    );
    expect(stranger.status).toBe(403);

    await createBareUser(ctx, "google.buyer@example.com", "Str0ng!pass", "G");
    await ctx.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, "google.buyer@example.com"));
    const cookie = await signIn(ctx, "google.buyer@example.com", "Str0ng!pass");
    const ok = await post(`/api/accounts/invitations/${token}/accept-session`, {}, { cookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ redirectTo: "/buyer/dashboard" });
    const who = (await (await ctx.request("/api/whoami", { cookie })).json()) as { isBuyer: boolean };
    expect(who.isBuyer).toBe(true);

    const used = await post(`/api/accounts/invitations/${token}/accept-session`, {}, { cookie });
    expect(used.status).toBe(409);
    expect((await errorOf(used)).message).toBe("This invitation has already been used");
    const unknown = await post(`/api/accounts/invitations/${"y".repeat(43)}/accept-session`, {}, { cookie });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe("Invalid or expired invitation");
  });

  it("answers a removed buyer's link with the buyer-information text", async () => {
    await post(
      "/api/buyers/invite",
      { email: "gone@example.com", nicheId: acme.nicheId },
      { cookie: acme.cookie },
    );
    const token = await tokenFor("gone@example.com");
    await ctx.database.db
      .update(buyers)
      .set({ deletedAt: new Date() })
      .where(eq(buyers.email, "gone@example.com"));
    const res = await post(`/api/accounts/invitations/${token}/accept-session`, {}, { cookie: acme.cookie });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe("Could not find buyer information");
  });
});

describe("reset page branding", () => {
  it("answers only a company's name and logo, and 404 for an unknown id", async () => {
    const res = await ctx.request(`/api/accounts/branding/${acme.companyId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "Acme Leads", logoUrl: null });
    const unknown = await ctx.request("/api/accounts/branding/00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect((await ctx.request("/api/accounts/branding/not-a-uuid")).status).toBe(422);
  });
});
