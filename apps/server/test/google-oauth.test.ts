import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, authEvents, buyers, users } from "../src/db/schema";
import { startOidcFake } from "./fakes/oidc-fake";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { latestEmail } from "./helpers/mailbox";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let google: Awaited<ReturnType<typeof startOidcFake>>;

beforeAll(async () => {
  google = await startOidcFake({ clientId: "leadpost-client", clientSecret: "leadpost-secret" });
  ctx = await createTestContext({
    GOOGLE_CLIENT_ID: "leadpost-client",
    GOOGLE_CLIENT_SECRET: "leadpost-secret",
    GOOGLE_DISCOVERY_URL: google.discoveryUrl,
  });
});
afterAll(async () => {
  await ctx.close();
  await google.close();
});

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** Runs the browser's part of the redirect dance and returns the final redirect from our callback. */
async function googleSignIn(tamper?: (callback: URL) => void) {
  const start = await ctx.request("/api/auth/sign-in/social", {
    method: "POST",
    json: { provider: "google", callbackURL: "/auth/callback", errorCallbackURL: "/auth/callback" },
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const authorize = new URL(url);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("state")).toBeTruthy();
  const stateCookie = cookiesOf(start);

  const approved = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(approved.headers.get("location")!);
  expect(callback.origin).toBe(TEST_ORIGIN);
  tamper?.(callback);
  const done = await ctx.request(callback.pathname + callback.search, {
    redirect: "manual",
    cookie: stateCookie,
  });
  return { status: done.status, location: done.headers.get("location") ?? "", cookie: cookiesOf(done) };
}

describe("Google sign-in (OAuth code flow with state and PKCE)", () => {
  it("signs a new Google user in and the token exchange carried the PKCE verifier", async () => {
    const result = await googleSignIn();
    expect(result.status).toBe(302);
    expect(result.location).toContain("/auth/callback");
    expect(result.location).not.toContain("error");
    const who = await ctx.request("/api/whoami", { cookie: result.cookie });
    expect(who.status).toBe(200);
    expect(await who.json()).toMatchObject({ email: "google.user@example.com" });
    expect(google.state.tokenRequests.at(-1)!.get("code_verifier")).toBeTruthy();
  });

  it("refuses a callback whose state was not issued to this browser", async () => {
    const result = await googleSignIn((callback) => callback.searchParams.set("state", "forged-state"));
    expect(result.location).toMatch(/error/);
    expect((await ctx.request("/api/whoami", { cookie: result.cookie })).status).toBe(401);
  });

  it("never links Google to a local account whose e-mail is unverified", async () => {
    await ctx.database.db
      .insert(users)
      .values({ email: "squatter@example.com", name: "Unverified", emailVerified: false });
    google.state.nextUser = {
      sub: "google-2",
      email: "squatter@example.com",
      email_verified: true,
      name: "Real Owner",
    };
    const result = await googleSignIn();
    expect(result.location).toContain("account_not_linked");
    const [local] = await ctx.database.db.select().from(users).where(eq(users.email, "squatter@example.com"));
    expect(await ctx.database.db.select().from(accounts).where(eq(accounts.userId, local!.id))).toEqual([]);
  });

  it("records Google sign-ins and failures as login events", async () => {
    const events = await ctx.database.db.select().from(authEvents).where(eq(authEvents.eventType, "login"));
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "google.user@example.com", status: "success" }),
        expect.objectContaining({ status: "error", errorMessage: "account_not_linked" }),
      ]),
    );
  });

  it("accepts a buyer invitation with the invited Google account (000 §2.6)", async () => {
    const owner = await createCompanyWithOwner(ctx, "owner@google-co.test", "Google Co");
    const invite = await ctx.request("/api/buyers/invite", {
      method: "POST",
      cookie: owner.cookie,
      json: { email: "invited.google@example.com", nicheId: owner.nicheId },
    });
    expect(invite.status).toBe(200);
    const mail = await latestEmail(ctx, "invited.google@example.com", "buyer_invitation");
    const token = new URL(mail.links[0]!).searchParams.get("token")!;

    google.state.nextUser = {
      sub: "google-3",
      email: "invited.google@example.com",
      email_verified: true,
      name: "Invited Buyer",
    };
    const result = await googleSignIn();
    expect(result.location).not.toContain("error");
    const accepted = await ctx.request(`/api/accounts/invitations/${token}/accept-session`, {
      method: "POST",
      cookie: result.cookie,
    });
    expect(accepted.status).toBe(200);
    const who = (await (await ctx.request("/api/whoami", { cookie: result.cookie })).json()) as {
      isBuyer: boolean;
      roles: unknown[];
    };
    expect(who).toMatchObject({ isBuyer: true, roles: [] });
    const [buyer] = await ctx.database.db
      .select()
      .from(buyers)
      .where(eq(buyers.email, "invited.google@example.com"));
    expect(buyer).toMatchObject({ status: "active", companyId: owner.companyId });
  });
});

describe("sign-in options", () => {
  it("offer Google only when it is configured", async () => {
    expect(await (await ctx.request("/api/sign-in-options")).json()).toEqual({ google: true });
    const plain = await createTestContext();
    try {
      expect(await (await plain.request("/api/sign-in-options")).json()).toEqual({ google: false });
    } finally {
      await plain.close();
    }
  });
});
