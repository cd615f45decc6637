import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyers, sessions } from "../src/db/schema";
import { createBuyer, createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// The request identity (plugins/session-lookup.ts): the session, its user and the buyer record read in one
// statement, with better-auth still deciding every case that is not a plain valid session. Each refusal
// below must hold on the very next request, with nothing remembered between requests.
let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-identity.test", "Acme Identity");
});
afterAll(() => ctx.close());

/** A fresh buyer user with an active buyer record, signed in. */
async function signedInBuyer() {
  const email = `buyer${++n}@identity.test`;
  const userId = await createUser(ctx, email);
  const buyer = await createBuyer(ctx, { companyId: acme.companyId, nicheId: acme.nicheId, userId, email });
  const cookie = await signInBuyer(ctx, email);
  return { userId, buyerId: buyer.id, cookie };
}

const summary = (cookie: string, headers: Record<string, string> = {}) =>
  ctx.request("/api/buyer-portal/summary", { cookie, headers });

const sessionOf = async (userId: string) =>
  (await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId)))[0];

describe("request identity", () => {
  it("answers a valid session with its buyer, and refuses a forged or unsigned cookie", async () => {
    const { cookie, buyerId } = await signedInBuyer();
    const res = await summary(cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { profile: { id: string } }).profile.id).toBe(buyerId);

    const [name, value] = cookie.split("=") as [string, string];
    const token = decodeURIComponent(value).split(".")[0];
    expect((await summary(`${name}=${token}`)).status).toBe(401);
    const forged = `${token}.${Buffer.alloc(32, 7).toString("base64")}`;
    expect((await summary(`${name}=${encodeURIComponent(forged)}`)).status).toBe(401);
  });

  it("refuses a signed-out session on the next request", async () => {
    const { cookie } = await signedInBuyer();
    expect((await summary(cookie)).status).toBe(200);
    const out = await ctx.request("/api/auth/sign-out", { method: "POST", cookie });
    expect(out.status).toBe(200);
    expect((await summary(cookie)).status).toBe(401);
  });

  it("refuses a revoked session and a deleted user on the next request", async () => {
    const a = await signedInBuyer();
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, a.userId));
    expect((await summary(a.cookie)).status).toBe(401);
    const b = await signedInBuyer();
    await ctx.database.db.execute(sql`delete from users where id = ${b.userId}`);
    expect((await summary(b.cookie)).status).toBe(401);
  });

  it("lets better-auth delete an expired session", async () => {
    const { cookie, userId } = await signedInBuyer();
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, userId));
    expect((await summary(cookie)).status).toBe(401);
    expect(await sessionOf(userId)).toBeUndefined();
  });

  it("lets better-auth extend a session due for its daily refresh, and keeps the buyer", async () => {
    const { cookie, userId, buyerId } = await signedInBuyer();
    // Signed in six days and one minute ago: a week's session refreshed after a day is due.
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1 day' - interval '1 minute'` })
      .where(eq(sessions.userId, userId));
    const before = (await sessionOf(userId))!.expiresAt.getTime();
    const res = await summary(cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { profile: { id: string } }).profile.id).toBe(buyerId);
    const after = (await sessionOf(userId))!.expiresAt.getTime();
    expect(after - before).toBeGreaterThan(5 * 24 * 60 * 60 * 1000);
  });

  it("refuses an inactive or archived buyer record on the next request", async () => {
    const a = await signedInBuyer();
    expect((await summary(a.cookie)).status).toBe(200);
    await ctx.database.db.update(buyers).set({ status: "inactive" }).where(eq(buyers.id, a.buyerId));
    expect((await summary(a.cookie)).status).toBe(403);
    const b = await signedInBuyer();
    await ctx.database.db.update(buyers).set({ deletedAt: new Date() }).where(eq(buyers.id, b.buyerId));
    expect((await summary(b.cookie)).status).toBe(403);
  });

  it("acts as the record named by X-Buyer-Id only when it is the user's own", async () => {
    const a = await signedInBuyer();
    const email = `second${n}@identity.test`;
    const second = await createBuyer(ctx, {
      companyId: acme.companyId,
      nicheId: null,
      userId: a.userId,
      email,
    });
    const other = await signedInBuyer();
    const chosen = async (wanted: string) =>
      ((await (await summary(a.cookie, { "x-buyer-id": wanted })).json()) as { profile: { id: string } })
        .profile.id;
    expect(await chosen(a.buyerId)).toBe(a.buyerId);
    expect(await chosen(second.id)).toBe(second.id);
    // Someone else's id, or no id at all: the user's newest record.
    expect(await chosen(other.buyerId)).toBe(second.id);
    expect(await chosen("not-a-uuid")).toBe(second.id);
  });
});
