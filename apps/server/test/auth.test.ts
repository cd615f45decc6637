import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEvents, verifications } from "../src/db/schema";
import { createBareUser } from "./helpers/fixtures";
import { latestEmail } from "./helpers/mailbox";
import { createTestContext, signIn, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: "true" });
});
afterAll(() => ctx.close());

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  ctx.request(path, { method: "POST", json, headers });

async function signUp(email: string, password = "Str0ng!pass") {
  await createBareUser(ctx, email, password);
}

/** Follows a link from an e-mail against the app and returns where it redirects. */
async function follow(link: string) {
  const url = new URL(link);
  expect(url.origin).toBe(TEST_ORIGIN);
  const res = await ctx.request(url.pathname + url.search, { redirect: "manual" });
  return {
    status: res.status,
    location: res.headers.get("location"),
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

describe("sign-up and e-mail verification", () => {
  it("refuses sign-in until the e-mail is verified, then lets the user in", async () => {
    await signUp("verify@example.com");
    const early = await post("/api/auth/sign-in/email", {
      email: "verify@example.com",
      password: "Str0ng!pass",
    });
    expect(early.status).toBe(403);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe("EMAIL_NOT_VERIFIED");

    const mail = await latestEmail(ctx, "verify@example.com", "email_verification");
    const verify = await follow(mail.links[0]!);
    expect(verify.status).toBe(302);
    expect(verify.location).toContain("/auth/callback");
    await expect(signIn(ctx, "verify@example.com", "Str0ng!pass")).resolves.toContain("session_token");
  });

  it("answers a wrong password with INVALID_EMAIL_OR_PASSWORD and records both outcomes", async () => {
    const bad = await post("/api/auth/sign-in/email", {
      email: "verify@example.com",
      password: "wrong-password",
    });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const events = await ctx.database.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.email, "verify@example.com"));
    expect(events.map((e) => `${e.eventType}:${e.status}`)).toEqual(
      expect.arrayContaining(["signup:success", "login:error", "login:success"]),
    );
  });

  it("records a logout with the user's address", async () => {
    const cookie = await signIn(ctx, "verify@example.com", "Str0ng!pass");
    const res = await ctx.request("/api/auth/sign-out", {
      method: "POST",
      cookie,
      headers: { "user-agent": "vitest" },
    });
    expect(res.status).toBe(200);
    const [logout] = await ctx.database.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.email, "verify@example.com"), eq(authEvents.eventType, "logout")));
    expect(logout).toMatchObject({ status: "success", userAgent: "vitest" });
  });
});

describe("password reset by link", () => {
  it("answers the same whether or not the account exists", async () => {
    const known = await post("/api/auth/request-password-reset", {
      email: "verify@example.com",
      redirectTo: "/auth/reset-password",
    });
    const unknown = await post("/api/auth/request-password-reset", {
      email: "nobody@example.com",
      redirectTo: "/auth/reset-password",
    });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it("resets once with the e-mailed link; the same link is refused afterwards; tokens are stored hashed", async () => {
    await post("/api/auth/request-password-reset", {
      email: "verify@example.com",
      redirectTo: "/auth/reset-password",
    });
    const mail = await latestEmail(ctx, "verify@example.com", "password_reset");
    const landing = await follow(mail.links[0]!);
    expect(landing.status).toBe(302);
    const target = new URL(landing.location!, TEST_ORIGIN);
    expect(target.pathname).toBe("/auth/reset-password");
    const token = target.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const stored = await ctx.database.db.select().from(verifications);
    expect(stored.some((v) => v.identifier.includes(token) || v.value.includes(token))).toBe(false);

    const usable = async (t: string) =>
      ((await (await ctx.request(`/api/accounts/reset-tokens/${t}`)).json()) as { valid: boolean }).valid;
    expect(await usable(token)).toBe(true);
    expect(await (await ctx.request(`/api/accounts/reset-tokens/${token}`)).json()).toEqual({
      valid: true,
      email: "verify@example.com",
    });
    expect(await usable("not-a-token")).toBe(false);

    const reset = await post("/api/auth/reset-password", { token, newPassword: "N3w!password" });
    expect(reset.status).toBe(200);
    expect(await usable(token)).toBe(false);
    await expect(signIn(ctx, "verify@example.com", "N3w!password")).resolves.toContain("session_token");

    const again = await post("/api/auth/reset-password", { token, newPassword: "Another!1pass" });
    expect(again.status).toBe(400);
    const reused = await follow(mail.links[0]!);
    expect(reused.location).toContain("error=INVALID_TOKEN");
  });
});

describe("password reset by one-time code", () => {
  it("e-mails a 6-digit code that resets the password once", async () => {
    const send = await post("/api/auth/email-otp/send-verification-otp", {
      email: "verify@example.com",
      type: "forget-password",
    });
    expect(send.status).toBe(200);
    const mail = await latestEmail(ctx, "verify@example.com", "one_time_code");
    const code = mail.subject.match(/(\d{6})$/)![1]!;
    const wrong = await post("/api/auth/email-otp/reset-password", {
      email: "verify@example.com",
      otp: "000000",
      password: "Otp!pass1",
    });
    expect(wrong.status).toBe(400);
    const ok = await post("/api/auth/email-otp/reset-password", {
      email: "verify@example.com",
      otp: code,
      password: "Otp!pass1",
    });
    expect(ok.status).toBe(200);
    await expect(signIn(ctx, "verify@example.com", "Otp!pass1")).resolves.toContain("session_token");
    const reuse = await post("/api/auth/email-otp/reset-password", {
      email: "verify@example.com",
      otp: code,
      password: "Otp!pass2",
    });
    expect(reuse.status).toBe(400);
  });
});

describe("rate limits", () => {
  it("slows one address down without locking the account for anyone else", async () => {
    const attacker = { "x-forwarded-for": "203.0.113.9" };
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await post(
        "/api/auth/sign-in/email",
        { email: "verify@example.com", password: `guess-${i}` },
        attacker,
      );
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    const victim = await post(
      "/api/auth/sign-in/email",
      { email: "verify@example.com", password: "Otp!pass1" },
      { "x-forwarded-for": "198.51.100.7" },
    );
    expect(victim.status).toBe(200);
  });
});
