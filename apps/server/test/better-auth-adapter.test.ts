import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../src/db/schema";
import {
  authCookie,
  authStoreOf,
  impersonatorOf,
  sessionState,
  signedCookieToken,
} from "../src/lib/better-auth-adapter";
import { createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";

// The contract of lib/better-auth-adapter.ts with the installed better-auth: the cookie the session
// look-up verifies is the one better-auth signs, its refresh rule is better-auth's own, and the store
// calls answer as the adapter expects. When the pin fails after an upgrade, read the adapter again
// (and better-auth's api/routes/session.ts), run this file, then move the pin.
const PINNED_BETTER_AUTH = "1.7.25";

function installedVersion(pkg: string): string {
  let dir = dirname(createRequire(import.meta.url).resolve(pkg));
  while (!dir.endsWith(`node_modules/${pkg}`)) dir = dirname(dir);
  const manifest: unknown = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  if (typeof manifest !== "object" || manifest === null || !("version" in manifest)) throw new Error(pkg);
  return String(manifest.version);
}

let ctx: TTestContext;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A new owner signed in through better-auth's own handler: the Cookie header and the user's id. */
async function signedIn() {
  const email = `owner${++n}@auth-contract.test`;
  await createCompanyWithOwner(ctx, email);
  const cookie = await signIn(ctx, email, FIXTURE_PASSWORD);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  // The session this sign-in made: the user's newest.
  const [made] = await ctx.database.db
    .select({ token: sessions.token })
    .from(sessions)
    .where(eq(sessions.userId, user!.id))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return { cookie, userId: user!.id, token: made!.token, headers: new Headers({ cookie }) };
}

const storedSession = async (token: string) =>
  (await ctx.database.db.select().from(sessions).where(eq(sessions.token, token)))[0];

const setExpiry = (token: string, expiresAt: Date) =>
  ctx.database.db.update(sessions).set({ expiresAt }).where(eq(sessions.token, token));

describe("better-auth contract", () => {
  it("is the version the adapter was checked against", () => {
    expect(installedVersion("better-auth"), "better-auth changed: re-check lib/better-auth-adapter.ts").toBe(
      PINNED_BETTER_AUTH,
    );
  });

  it("verifies the very cookie better-auth signs at sign-in, and refuses it altered", async () => {
    const { headers, token: made } = await signedIn();
    const cookie = await authCookie(ctx.deps.auth);
    const token = signedCookieToken(headers, cookie.name, cookie.secret);
    expect(token).toBe(made);
    const own = await ctx.deps.auth.api.getSession({ headers });
    expect(own?.session.token).toBe(token);

    const forged = new Headers({
      cookie: `${cookie.name}=${token}.${Buffer.alloc(32, 1).toString("base64")}`,
    });
    expect(signedCookieToken(forged, cookie.name, cookie.secret)).toBeNull();
    expect(await ctx.deps.auth.api.getSession({ headers: forged })).toBeNull();
  });

  it("calls a session due for refresh exactly when better-auth extends it", async () => {
    const cookie = await authCookie(ctx.deps.auth);
    const minute = 60_000;
    // The last extension was updateAge ago give or take a minute: due, and not yet due.
    for (const [offset, expected] of [
      [minute, "refresh"],
      [-minute, "valid"],
    ] as const) {
      const { headers, token } = await signedIn();
      const expiresAt = new Date(Date.now() + (cookie.expiresIn - cookie.updateAge) * 1000 - offset);
      await setExpiry(token, expiresAt);
      expect(sessionState(expiresAt, cookie)).toBe(expected);
      expect((await ctx.deps.auth.api.getSession({ headers }))?.session.token).toBe(token);
      const extended = (await storedSession(token))!.expiresAt.getTime() > expiresAt.getTime() + minute;
      expect(extended, `better-auth extended a session the adapter calls ${expected}`).toBe(
        expected === "refresh",
      );
    }
  });

  it("calls a session expired exactly when better-auth deletes it", async () => {
    const cookie = await authCookie(ctx.deps.auth);
    const { headers, token } = await signedIn();
    const expiresAt = new Date(Date.now() - 1000);
    await setExpiry(token, expiresAt);
    expect(sessionState(expiresAt, cookie)).toBe("expired");
    expect(await ctx.deps.auth.api.getSession({ headers })).toBeNull();
    expect(await storedSession(token)).toBeUndefined();
  });

  it("makes, finds and deletes sessions and verification values through the store", async () => {
    const admin = await signedIn();
    const target = await signedIn();
    const store = await authStoreOf(ctx.deps.auth);
    expect((await store.findUserById(target.userId))?.id).toBe(target.userId);
    const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
    const made = await store.createFixedSession(target.userId, { impersonatedBy: admin.userId, expiresAt });
    const found = await store.findSession(made.token);
    expect(impersonatorOf(found?.session)).toBe(admin.userId);
    expect(found?.session.expiresAt.getTime()).toBe(expiresAt.getTime());
    await store.deleteSession(made.token);
    expect(await store.findSession(made.token)).toBeNull();

    const identifier = `reset-password:contract-${n}`;
    await store.createVerificationValue({ identifier, value: target.userId, expiresAt });
    expect((await store.findVerificationValue(identifier))?.value).toBe(target.userId);
  });
});
