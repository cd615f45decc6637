import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLeads, buyers, creditTransactions, leads, users } from "../src/db/schema";
import { lookupZip } from "../src/integrations/geocoding/zip-centroids";
import { AppError } from "../src/lib/app-error";
import { routeLead } from "../src/modules/lead-distribution";
import { purchaseLeadWithCredit } from "../src/modules/purchases/service";
import { notify } from "../src/modules/realtime/notify";
import type { TBuyerContext } from "../src/plugins/buyer-context";
import { createBuyer, createLead, giveLead } from "./helpers/buyer-portal";
import { walletState } from "./helpers/credits";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { unlessLockWait } from "./helpers/lock-waits";
import { addLead, ZIP_10_MILES } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { untilTrue } from "./helpers/until";

/**
 * Purchases racing each other, straight at the service (the HTTP layer adds nothing to the race).
 * Run with TEST_DATABASE_URL to race on a real PostgreSQL with a pool of connections; on the embedded
 * database the same assertions hold with the transactions taking turns.
 */

let ctx: TTestContext;
let company: Awaited<ReturnType<typeof createCompanyWithOwner>>;
const PRICE = 40; // the fixture niche's price, credit value 1

beforeAll(async () => {
  ctx = await createTestContext();
  company = await createCompanyWithOwner(ctx, "owner@race.test", "Race Co");
});
afterAll(() => ctx.close());

async function fundedBuyer(credits: number): Promise<TBuyerContext> {
  const userId = randomUUID();
  const email = `racer-${userId.slice(0, 8)}@race.test`;
  await ctx.database.db.insert(users).values({ id: userId, email, name: "Racer", emailVerified: true });
  const buyer = await createBuyer(ctx, {
    companyId: company.companyId,
    nicheId: company.nicheId,
    userId,
    email,
    credits,
  });
  return { userId, email, buyerId: buyer.id, companyId: company.companyId };
}

async function previewFor(buyersList: TBuyerContext[], saleCap: number, name: string) {
  const lead = await createLead(ctx, {
    companyId: company.companyId,
    nicheId: company.nicheId,
    name,
    saleCap,
  });
  for (const b of buyersList) {
    await giveLead(ctx, { companyId: company.companyId, buyerId: b.buyerId, leadId: lead.id, preview: true });
  }
  return lead;
}

const buy = (b: TBuyerContext, leadId: string, key = `click-${leadId}-${randomUUID()}`) =>
  purchaseLeadWithCredit(ctx.deps, b, { leadId, idempotencyKey: key });

function codesOf(results: PromiseSettledResult<unknown>[]) {
  const codes: Record<string, number> = {};
  for (const r of results) {
    const code =
      r.status === "fulfilled"
        ? (r.value as { idempotent: boolean }).idempotent
          ? "idempotent"
          : "bought"
        : r.reason instanceof AppError
          ? r.reason.code
          : `unexpected: ${String(r.reason)}`;
    codes[code] = (codes[code] ?? 0) + 1;
  }
  return codes;
}

async function consumedFor(leadId: string) {
  const [row] = await ctx.database.db
    .select({
      n: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${creditTransactions.amount}), 0)::int`,
    })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.leadId, leadId), eq(creditTransactions.transactionType, "consume")));
  return { entries: Number(row!.n), total: Number(row!.total) };
}

async function expectWalletsConsistent(list: TBuyerContext[]) {
  for (const b of list) {
    const state = await walletState(ctx.database.db, b.buyerId);
    expect(state.balance).toBeGreaterThanOrEqual(0);
    expect(state.ledgerSum).toBe(state.balance);
    expect(state.lotRemainders).toBe(state.balance);
    expect(state.unallocatedDebits).toBe(0);
  }
}

describe(`purchases under contention (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("200 parallel purchases of a cap-3 lead by 50 funded buyers sell exactly 3 slots and 3 prices", async () => {
    const racers: TBuyerContext[] = [];
    for (let i = 0; i < 50; i++) racers.push(await fundedBuyer(100));
    const lead = await previewFor(racers, 3, "Hot Lead");

    const attempts = Array.from({ length: 200 }, (_, i) => racers[i % 50]!);
    const results = await Promise.allSettled(attempts.map((b) => buy(b, lead.id)));
    const codes = codesOf(results);
    expect(codes.bought).toBe(3);
    expect(Object.keys(codes).filter((c) => !["bought", "idempotent", "SOLD_OUT"].includes(c))).toEqual([]);

    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ saleCount: 3, status: "sold_out" });
    expect(await consumedFor(lead.id)).toEqual({ entries: 3, total: -3 * PRICE });
    const unlocked = await ctx.database.db
      .select({ buyerId: buyerLeads.buyerId })
      .from(buyerLeads)
      .where(and(eq(buyerLeads.leadId, lead.id), eq(buyerLeads.isPreview, false)));
    expect(unlocked).toHaveLength(3);

    const balances = await Promise.all(racers.map((b) => walletState(ctx.database.db, b.buyerId)));
    expect(balances.filter((s) => s.balance === 100 - PRICE)).toHaveLength(3);
    expect(balances.filter((s) => s.balance === 100)).toHaveLength(47);
    await expectWalletsConsistent(racers);
  }, 120_000);

  it("200 buyers racing for 3 slots: 3 sales, and the 197 losers keep their balance with no ledger row", async () => {
    const racers: TBuyerContext[] = [];
    for (let i = 0; i < 200; i++) racers.push(await fundedBuyer(100));
    const lead = await previewFor(racers, 3, "Raced Lead");
    const before = await Promise.all(racers.map((b) => walletState(ctx.database.db, b.buyerId)));

    const results = await Promise.allSettled(racers.map((b) => buy(b, lead.id)));
    const codes = codesOf(results);
    expect(codes).toEqual({ bought: 3, SOLD_OUT: 197 });

    const winners = new Set(
      results.flatMap((r, i) =>
        r.status === "fulfilled" && !r.value.idempotent ? [racers[i]!.buyerId] : [],
      ),
    );
    expect(winners.size).toBe(3);
    const after = await Promise.all(racers.map((b) => walletState(ctx.database.db, b.buyerId)));
    for (let i = 0; i < racers.length; i++) {
      const id = racers[i]!.buyerId;
      if (winners.has(id)) continue;
      expect(after[i]!.balance).toBe(before[i]!.balance);
      const ledger = await ctx.database.db
        .select({ id: creditTransactions.id })
        .from(creditTransactions)
        .where(and(eq(creditTransactions.buyerId, id), eq(creditTransactions.leadId, lead.id)));
      expect(ledger).toEqual([]);
    }
    expect(await consumedFor(lead.id)).toEqual({ entries: 3, total: -3 * PRICE });
    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ saleCount: 3, status: "sold_out" });
  }, 240_000);

  it("one buyer's 20 parallel clicks buy once", async () => {
    const clicker = await fundedBuyer(500);
    const lead = await previewFor([clicker], 5, "Clicked Lead");
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => buy(clicker, lead.id)));
    expect(codesOf(results)).toEqual({ bought: 1, idempotent: 19 });
    expect(await consumedFor(lead.id)).toEqual({ entries: 1, total: -PRICE });
    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.saleCount).toBe(1);
    expect((await walletState(ctx.database.db, clicker.buyerId)).balance).toBe(500 - PRICE);

    // The same key sent 20 times at once is one purchase too.
    const second = await previewFor([clicker], 5, "Same Key Lead");
    const key = `click-${second.id}-1700000000000`;
    const sameKey = await Promise.allSettled(Array.from({ length: 20 }, () => buy(clicker, second.id, key)));
    expect(codesOf(sameKey)).toEqual({ bought: 1, idempotent: 19 });
    await expectWalletsConsistent([clicker]);
  }, 60_000);

  it("a buyer with credits for one lead buying two leads in parallel gets one", async () => {
    const thrifty = await fundedBuyer(PRICE);
    const first = await previewFor([thrifty], 3, "Left Lead");
    const second = await previewFor([thrifty], 3, "Right Lead");
    const results = await Promise.allSettled([buy(thrifty, first.id), buy(thrifty, second.id)]);
    expect(codesOf(results)).toEqual({ bought: 1, INSUFFICIENT_CREDITS: 1 });
    const slots = await ctx.database.db
      .select({ saleCount: leads.saleCount })
      .from(leads)
      .where(sql`${leads.id} in (${first.id}, ${second.id})`);
    expect(slots.map((s) => s.saleCount).sort()).toEqual([0, 1]);
    expect((await walletState(ctx.database.db, thrifty.buyerId)).balance).toBe(0);
    await expectWalletsConsistent([thrifty]);
  }, 60_000);
});

/** Every credits_changed notification the database publishes, as a listener on any instance hears it. */
async function listenCredits(heard: { buyerId: string }[]): Promise<() => Promise<void>> {
  const source = ctx.database.listenSource;
  const push = (payload: string) => heard.push(JSON.parse(payload) as { buyerId: string });
  if (source.kind === "pglite") return source.listen("credits_changed", push);
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  client.on("notification", (n) => {
    if (n.channel === "credits_changed") push(n.payload ?? "{}");
  });
  await client.query("listen credits_changed");
  return () => client.end();
}

describe("one buyer's purchases of several leads at once", () => {
  it("never deadlock: ten leads offered by the derived preview rule, bought at once, all sell", async () => {
    // No stored preview rows: each purchase inserts the buyer's entry (its foreign key shares the buyer
    // row) before the wallet lock; a wallet lock that conflicted with that share deadlocked two of them.
    const b = await fundedBuyer(10 * PRICE);
    const place = lookupZip(ZIP_10_MILES)!;
    await ctx.database.db
      .update(buyers)
      .set({ latitude: place.latitude, longitude: place.longitude, serviceRadius: 25 })
      .where(eq(buyers.id, b.buyerId));
    const offered: string[] = [];
    for (let i = 0; i < 10; i++) {
      const lead = await addLead(ctx, company.companyId, { nicheId: company.nicheId, saleCap: 3 });
      await routeLead(ctx.deps, lead.id);
      offered.push(lead.id);
    }
    const results = await Promise.allSettled(offered.map((leadId) => buy(b, leadId)));
    expect(codesOf(results)).toEqual({ bought: 10 });
    await expectWalletsConsistent([b]);
    expect((await walletState(ctx.database.db, b.buyerId)).balance).toBe(0);
  });
});

describe("what a losing attempt costs", () => {
  it("publishes one live event per sale and none for the buyers who lost the race", async () => {
    const racers: TBuyerContext[] = [];
    for (let i = 0; i < 20; i++) racers.push(await fundedBuyer(100));
    const lead = await previewFor(racers, 3, "Announced Lead");
    const heard: { buyerId: string }[] = [];
    const stop = await listenCredits(heard);
    try {
      const results = await Promise.allSettled(racers.map((b) => buy(b, lead.id)));
      expect(codesOf(results)).toEqual({ bought: 3, SOLD_OUT: 17 });
      // A last notification, published after every purchase ended: once it is heard, so is anything
      // they published (notifications arrive in commit order).
      const marker = randomUUID();
      await notify(ctx.database.db, "credits_changed", { companyId: company.companyId, buyerId: marker });
      expect(await untilTrue(() => heard.some((e) => e.buyerId === marker), 10_000)).toBe(true);
      const winners = results.flatMap((r, i) => (r.status === "fulfilled" ? [racers[i]!.buyerId] : []));
      expect(heard.map((e) => e.buyerId).sort()).toEqual([...winners, marker].sort());
    } finally {
      await stop();
    }
  }, 60_000);

  // Needs a second connection holding the lead's row lock, so PostgreSQL only.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "answers a short wallet and a sold-out lead without taking the lead's lock or writing",
    async () => {
      const short = await fundedBuyer(PRICE - 1);
      const funded = await fundedBuyer(100);
      const open = await previewFor([short], 3, "Locked Lead");
      const soldOut = await previewFor([funded], 1, "Gone Lead");
      await ctx.database.db
        .update(leads)
        .set({ saleCount: 1, status: "sold_out" })
        .where(eq(leads.id, soldOut.id));

      const source = ctx.database.listenSource;
      if (source.kind !== "postgres") throw new Error("needs PostgreSQL");
      const holder = new pg.Client({ connectionString: source.url });
      await holder.connect();
      try {
        // Another transaction holds both leads' rows: any attempt that tried to take a slot would wait.
        await holder.query("begin");
        await holder.query("select id from leads where id = any($1::uuid[]) for update", [
          [open.id, soldOut.id],
        ]);
        // An attempt that waited for a lead's lock shows in pg_locks and fails (unexpected: waited).
        const results = await Promise.allSettled([
          unlessLockWait(ctx.database.db, buy(short, open.id)),
          unlessLockWait(ctx.database.db, buy(funded, soldOut.id)),
        ]);
        expect(codesOf(results)).toEqual({ INSUFFICIENT_CREDITS: 1, SOLD_OUT: 1 });
      } finally {
        await holder.query("rollback");
        await holder.end();
      }
      const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, open.id));
      expect(row!.saleCount).toBe(0);
      expect(await entryState(short.buyerId, open.id)).toBe(true);
      expect((await walletState(ctx.database.db, short.buyerId)).balance).toBe(PRICE - 1);
    },
    60_000,
  );
});

const entryState = async (buyerId: string, leadId: string) =>
  (
    await ctx.database.db
      .select({ isPreview: buyerLeads.isPreview })
      .from(buyerLeads)
      .where(and(eq(buyerLeads.buyerId, buyerId), eq(buyerLeads.leadId, leadId)))
  )[0]?.isPreview;
