import { creditLedgerCsvFileName, type TCreditAdjustmentResult, type TCreditLedger } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyers, creditTransactions, userRoles } from "../src/db/schema";
import { runCreditExpiry } from "../src/modules/credits/expiry";
import { grant, insertBuyer, ledgerTypes, newKey, walletState } from "./helpers/credits";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { untilTrue } from "./helpers/until";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let member: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let buyerId: string;
let otherBuyerId: string;
let otherBuyerEmail: string;

const adjust = (body: Record<string, unknown>, cookie = acme.cookie, headers: Record<string, string> = {}) =>
  ctx.request("/api/credits/adjust", {
    method: "POST",
    cookie,
    headers,
    json: { reason: "Goodwill", idempotencyKey: newKey(), ...body },
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; requestId: string; details?: unknown } })
    .error;
const balanceOf = async (id: string) =>
  (await ctx.database.db.select().from(buyers).where(eq(buyers.id, id)))[0]!.creditBalance;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-credits.test", "Acme Credits");
  other = await createCompanyWithOwner(ctx, "owner@other-credits.test", "Other Credits");
  member = await createCompanyWithOwner(ctx, "member@acme-credits.test", "Member Co");
  await ctx.database.db
    .insert(userRoles)
    .values({ userId: member.userId, companyId: acme.companyId, role: "member" });
  buyerId = (await insertBuyer(ctx, acme.companyId, { contactName: "Ann Buyer" })).id;
  const otherBuyer = await insertBuyer(ctx, other.companyId);
  otherBuyerId = otherBuyer.id;
  otherBuyerEmail = otherBuyer.email;
});
afterAll(() => ctx.close());

describe("grant and revoke", () => {
  it("grants, revokes and books append-only ledger entries with the reason and note", async () => {
    const granted = await adjust({ buyerId, amount: 25, note: "Welcome pack" });
    expect(granted.status).toBe(200);
    const body = (await granted.json()) as TCreditAdjustmentResult;
    expect(body).toMatchObject({ success: true, newBalance: 25, idempotent: false });
    expect(body.requestId).toBe(granted.headers.get("x-request-id"));

    const revoked = await adjust({ buyerId, amount: -10, reason: "Mistake" });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as TCreditAdjustmentResult).newBalance).toBe(15);

    expect(await ledgerTypes(ctx.database.db, acme.companyId, buyerId)).toEqual([
      { type: "grant", amount: 25 },
      { type: "revoke", amount: -10 },
    ]);
    expect(await walletState(ctx.database.db, buyerId)).toMatchObject({
      balance: 15,
      ledgerSum: 15,
      lotRemainders: 15,
      overdrawnLots: 0,
      unallocatedDebits: 0,
    });
  });

  it("replays a repeated idempotency key without booking anything new", async () => {
    const key = newKey("replay");
    const first = await adjust({ buyerId, amount: 5, idempotencyKey: key });
    const second = await adjust({ buyerId, amount: 5, idempotencyKey: key });
    expect(((await first.json()) as TCreditAdjustmentResult).idempotent).toBe(false);
    const replayed = await second.json();
    expect(second.status).toBe(200);
    expect(replayed).toMatchObject({ idempotent: true, newBalance: 20 });
    const rows = await ctx.database.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.idempotencyKey, `adjust:${key}`));
    expect(rows).toHaveLength(1);

    const reused = await adjust({ buyerId, amount: 6, idempotencyKey: key });
    expect(reused.status).toBe(409);
    expect((await errorOf(reused)).code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await balanceOf(buyerId)).toBe(20);
  });

  it("refuses the same key with the same buyer and amount but another reason or note (409)", async () => {
    const key = newKey("whole-request");
    const first = await adjust({ buyerId, amount: 2, reason: "Goodwill", idempotencyKey: key });
    expect(first.status).toBe(200);
    for (const other of [
      { buyerId, amount: 2, reason: "Another reason", idempotencyKey: key },
      { buyerId, amount: 2, reason: "Goodwill", note: "added later", idempotencyKey: key },
    ]) {
      const reused = await adjust(other);
      expect(reused.status).toBe(409);
      expect(await errorOf(reused)).toMatchObject({
        code: "IDEMPOTENCY_KEY_REUSED",
        message: "Idempotency key reused with a different request",
      });
    }
    const same = await adjust({ buyerId, amount: 2, reason: "Goodwill", idempotencyKey: key });
    expect(((await same.json()) as TCreditAdjustmentResult).idempotent).toBe(true);
    expect(await balanceOf(buyerId)).toBe(22);
    await adjust({ buyerId, amount: -2, reason: "Undo whole-request test" });
  });

  it("applies parallel requests with one key exactly once", async () => {
    const key = newKey("parallel");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => adjust({ buyerId, amount: 3, idempotencyKey: key })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await balanceOf(buyerId)).toBe(23);
    await adjust({ buyerId, amount: -3, reason: "Undo parallel test" });
  });

  it("refuses a revoke below zero with INSUFFICIENT_CREDITS, the current balance and attempted change", async () => {
    const res = await adjust({ buyerId, amount: -21 });
    expect(res.status).toBe(402);
    const error = await errorOf(res);
    expect(error.code).toBe("INSUFFICIENT_CREDITS");
    expect(error.details).toEqual({ currentBalance: 20, attemptedChange: -21 });
    expect(error.requestId).toBe(res.headers.get("x-request-id"));
    expect(await balanceOf(buyerId)).toBe(20);
  });

  it.each([
    [{ amount: 0 }, "INVALID_AMOUNT", "Amount cannot be zero"],
    [{ amount: 1.5 }, "INVALID_AMOUNT", "Please enter a valid amount."],
    [{ amount: "ten" }, "INVALID_AMOUNT", "Please enter a valid amount."],
    [{ buyerId: "not-a-uuid" }, "INVALID_BUYER_ID", "Please select a buyer"],
    [{ reason: "   " }, "INVALID_REASON", "Please enter a reason."],
    [{ expiresAt: "tomorrow" }, "INVALID_EXPIRY_DATE", undefined],
    [{ expiresAt: "2001-01-01T00:00:00Z" }, "INVALID_EXPIRY_DATE", undefined],
    [{ amount: -1, expiresAt: "2999-01-01T00:00:00Z" }, "INVALID_EXPIRY_DATE", undefined],
  ])("answers %j with %s", async (patch, code, message) => {
    const res = await adjust({ buyerId, amount: 1, ...patch });
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    if (message) expect(error.message).toBe(message);
    expect(await balanceOf(buyerId)).toBe(20);
  });
});

describe("who may adjust", () => {
  it("answers AUTH_REQUIRED without a session", async () => {
    const res = await ctx.request("/api/credits/adjust", {
      method: "POST",
      json: { buyerId, amount: 1, reason: "x", idempotencyKey: newKey() },
    });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("AUTH_REQUIRED");
  });

  it("answers FORBIDDEN to a member", async () => {
    const res = await adjust({ buyerId, amount: 1 }, member.cookie, { "x-company-id": acme.companyId });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("FORBIDDEN");
    const ledger = await ctx.request("/api/credits/ledger", {
      cookie: member.cookie,
      headers: { "x-company-id": acme.companyId },
    });
    expect(ledger.status).toBe(403);
  });

  it("answers PROFILE_NOT_FOUND to a user without a company", async () => {
    const loner = await createCompanyWithOwner(ctx, "loner@credits.test", "Loner Co");
    await ctx.database.db.delete(userRoles).where(eq(userRoles.userId, loner.userId));
    const res = await adjust({ buyerId, amount: 1 }, loner.cookie);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("PROFILE_NOT_FOUND");
  });

  it("never touches another company's buyer: 404 BUYER_NOT_FOUND and no data", async () => {
    const before = await balanceOf(otherBuyerId);
    const res = await adjust({ buyerId: otherBuyerId, amount: 50 });
    expect(res.status).toBe(404);
    const error = await errorOf(res);
    expect(error.code).toBe("BUYER_NOT_FOUND");
    expect(JSON.stringify(error)).not.toContain(other.companyId);
    expect(await balanceOf(otherBuyerId)).toBe(before);

    await grant(ctx, other.cookie, otherBuyerId, 7);
    const ledger = (await (
      await ctx.request(`/api/credits/ledger?buyerId=${otherBuyerId}`, { cookie: acme.cookie })
    ).json()) as TCreditLedger;
    expect(ledger.entries).toEqual([]);
    const all = (await (
      await ctx.request("/api/credits/ledger", { cookie: acme.cookie })
    ).json()) as TCreditLedger;
    expect(all.entries.some((e) => e.buyerId === otherBuyerId)).toBe(false);
    const list = await (await ctx.request("/api/credits/buyers", { cookie: acme.cookie })).json();
    expect(JSON.stringify(list)).not.toContain(otherBuyerId);
    const csv = await (await ctx.request("/api/credits/ledger/export", { cookie: acme.cookie })).text();
    expect(csv).not.toContain(otherBuyerEmail);
  });

  it("answers BUYER_NOT_IN_ORG when the caller acts for the wrong one of their companies", async () => {
    await ctx.database.db
      .insert(userRoles)
      .values({ userId: acme.userId, companyId: other.companyId, role: "org_admin" });
    const res = await adjust({ buyerId: otherBuyerId, amount: 1 }, acme.cookie, {
      "x-company-id": acme.companyId,
    });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("BUYER_NOT_IN_ORG");
    await ctx.database.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, acme.userId), eq(userRoles.companyId, other.companyId)));
  });
});

describe("ledger, buyers, CSV and health", () => {
  it("lists the latest 50 entries newest first with buyer names", async () => {
    const busy = await insertBuyer(ctx, acme.companyId, { contactName: "Busy Buyer" });
    for (let i = 0; i < 52; i++) await grant(ctx, acme.cookie, busy.id, 1, { reason: `Grant ${i}` });
    const ledger = (await (
      await ctx.request("/api/credits/ledger", { cookie: acme.cookie })
    ).json()) as TCreditLedger;
    expect(ledger.entries).toHaveLength(50);
    expect(ledger.entries[0]).toMatchObject({ reason: "Grant 51", buyerName: "Busy Buyer", type: "grant" });
    const one = (await (
      await ctx.request(`/api/credits/ledger?buyerId=${buyerId}`, { cookie: acme.cookie })
    ).json()) as TCreditLedger;
    expect(one.entries.every((e) => e.buyerId === buyerId)).toBe(true);
    expect(one.entries.length).toBeGreaterThan(3);

    const list = (await (await ctx.request("/api/credits/buyers", { cookie: acme.cookie })).json()) as {
      buyers: { id: string; creditBalance: number }[];
    };
    expect(list.buyers.find((b) => b.id === busy.id)?.creditBalance).toBe(52);
  });

  it("exports the ledger as CSV with the spec's columns and dated file name, formulas neutralised", async () => {
    await adjust({ buyerId, amount: 2, reason: "=HYPERLINK(1)", note: "line, with comma" });
    const res = await ctx.request("/api/credits/ledger/export", { cookie: acme.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="${creditLedgerCsvFileName(new Date())}"`,
    );
    expect(creditLedgerCsvFileName(new Date("2026-03-04T10:00:00Z"))).toBe("credits-ledger-2026-03-04.csv");
    const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Date,Buyer Email,Amount,Type,Reason,Notes,Expires At");
    expect(lines[1]).toMatch(
      // Dated in the company's zone and country format (the defaults: New York, United States).
      /^\d\d\/\d\d\/\d{4} \d\d:\d\d E[DS]T,buyer\d+-[^,]+@example\.com,2,grant,'=HYPERLINK\(1\),"line, with comma",$/,
    );
  });

  it("answers the health check with the request id", async () => {
    const res = await ctx.request("/api/credits/health", {
      cookie: acme.cookie,
      headers: { "x-request-id": "lead-credits-check-1" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      authVerified: true,
      corsEnabled: true,
      requestId: "lead-credits-check-1",
    });
    const anonymous = await ctx.request("/api/credits/health");
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe("AUTH_REQUIRED");
  });
});

describe("expiring grants", () => {
  it("spends the soonest-expiring lot first and the hourly job expires only the unspent rest, once", async () => {
    const b = await insertBuyer(ctx, acme.companyId);
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    const later = new Date(Date.now() + 5 * 60 * 60 * 1000);
    await grant(ctx, acme.cookie, b.id, 5);
    await grant(ctx, acme.cookie, b.id, 10, { expiresAt: later.toISOString() });
    await grant(ctx, acme.cookie, b.id, 4, { expiresAt: soon.toISOString() });
    // 6 credits: all 4 of the soonest lot, then 2 of the later one; the never-expiring lot is untouched.
    expect((await adjust({ buyerId: b.id, amount: -6 })).status).toBe(200);

    const first = await runCreditExpiry(ctx.deps, new Date(soon.getTime() + 1000));
    expect(first.credits).toBe(0);
    const second = await runCreditExpiry(ctx.deps, new Date(later.getTime() + 1000));
    expect(second).toEqual({ buyers: 1, credits: 8 });
    expect(await runCreditExpiry(ctx.deps, new Date(later.getTime() + 2000))).toEqual({
      buyers: 0,
      credits: 0,
    });

    expect((await ledgerTypes(ctx.database.db, acme.companyId, b.id)).map((e) => [e.type, e.amount])).toEqual(
      [
        ["grant", 5],
        ["grant", 10],
        ["grant", 4],
        ["revoke", -6],
        ["expire", -8],
      ],
    );
    expect(await walletState(ctx.database.db, b.id)).toMatchObject({
      balance: 5,
      ledgerSum: 5,
      lotRemainders: 5,
      overdrawnLots: 0,
      unallocatedDebits: 0,
    });
  });
});

describe("live balance updates", () => {
  // Listening on PostgreSQL needs its own connection; the realtime tests cover that path.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "publishes credits_changed with the new balance when a change commits, and nothing when refused",
    async () => {
      const source = ctx.database.listenSource;
      if (source.kind !== "pglite") throw new Error("expected the embedded database");
      const heard: { buyerId: string; balance: number }[] = [];
      const stop = await source.listen("credits_changed", (p) => heard.push(JSON.parse(p)));
      expect((await adjust({ buyerId, amount: 4 })).status).toBe(200);
      const announced = await balanceOf(buyerId);
      expect((await adjust({ buyerId, amount: -1000 })).status).toBe(402);
      // A last change that commits: its announcement comes after anything the refused one announced.
      expect((await adjust({ buyerId, amount: 1 })).status).toBe(200);
      const last = await balanceOf(buyerId);
      expect(await untilTrue(() => heard.some((h) => h.balance === last), 10_000)).toBe(true);
      await stop();
      // The embedded database may hand a listener the same notification twice; what matters is that
      // only the committed changes are announced, with their balances.
      const distinct = [...new Set(heard.map((h) => JSON.stringify(h)))].map((h) => JSON.parse(h));
      expect(distinct).toEqual([
        { companyId: acme.companyId, buyerId, balance: announced },
        { companyId: acme.companyId, buyerId, balance: last },
      ]);
    },
  );
});
