import type { TCreditLedger, TPurchaseLeadResult } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLeads, buyers, creditTransactions, leads } from "../src/db/schema";
import { createBuyer, createLead, createUser, giveLead, signInBuyer } from "./helpers/buyer-portal";
import { newKey, walletState } from "./helpers/credits";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let buyer: Awaited<ReturnType<typeof createBuyer>>;
let cookie: string;

const purchase = (leadId: string, key = newKey("buy"), as = cookie) =>
  ctx.request("/api/purchases", { method: "POST", cookie: as, json: { leadId, idempotencyKey: key } });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: unknown } }).error;
const entryOf = async (buyerId: string, leadId: string) =>
  (
    await ctx.database.db
      .select()
      .from(buyerLeads)
      .where(and(eq(buyerLeads.buyerId, buyerId), eq(buyerLeads.leadId, leadId)))
  )[0]!;
const leadOf = async (leadId: string) =>
  (await ctx.database.db.select().from(leads).where(eq(leads.id, leadId)))[0]!;

/** A lead of Acme's Roofing niche (price 40) of which the buyer holds a preview. */
async function previewLead(
  name: string,
  opts: { saleCap?: number; saleCount?: number; buyerId?: string } = {},
) {
  const lead = await createLead(ctx, { companyId: acme.companyId, nicheId: acme.nicheId, name, ...opts });
  await giveLead(ctx, {
    companyId: acme.companyId,
    buyerId: opts.buyerId ?? buyer.id,
    leadId: lead.id,
    preview: true,
  });
  return lead;
}

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-purchases.test", "Acme Purchases");
  other = await createCompanyWithOwner(ctx, "owner@other-purchases.test", "Other Purchases");
  const userId = await createUser(ctx, "buyer@purchases.test");
  buyer = await createBuyer(ctx, {
    companyId: acme.companyId,
    nicheId: acme.nicheId,
    userId,
    email: "buyer@purchases.test",
    credits: 100,
  });
  cookie = await signInBuyer(ctx, "buyer@purchases.test");
});
afterAll(() => ctx.close());

describe("purchase with credits", () => {
  it("debits ceil(price / credit value), takes a slot and unlocks the lead", async () => {
    const lead = await previewLead("Pat Quinn", { saleCap: 2 });
    const res = await purchase(lead.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      newBalance: 60,
      idempotent: false,
      creditsSpent: 40,
      leadId: lead.id,
    });
    const entry = await entryOf(buyer.id, lead.id);
    expect(entry).toMatchObject({ isPreview: false, acquiredVia: "credits", creditsSpent: 40 });
    expect(entry.unlockedAt).not.toBeNull();
    expect(await leadOf(lead.id)).toMatchObject({ saleCount: 1, status: "routed" });
    const consumes = await ctx.database.db
      .select()
      .from(creditTransactions)
      .where(
        and(eq(creditTransactions.buyerId, buyer.id), eq(creditTransactions.transactionType, "consume")),
      );
    expect(consumes.map((c) => [c.amount, c.leadId, c.reason])).toEqual([[-40, lead.id, "Lead purchase"]]);

    // The company's ledger shows the consume entry.
    const ledger = (await (
      await ctx.request(`/api/credits/ledger?buyerId=${buyer.id}`, { cookie: acme.cookie })
    ).json()) as TCreditLedger;
    expect(ledger.entries[0]).toMatchObject({ type: "consume", amount: -40, leadId: lead.id });
  });

  it("answers a repeat as idempotent (Lead Already Purchased) and charges nothing", async () => {
    const lead = await previewLead("Rae Sun", { saleCap: 3 });
    const key = newKey("repeat");
    expect((await purchase(lead.id, key)).status).toBe(200);
    const sameKey = (await (await purchase(lead.id, key)).json()) as TPurchaseLeadResult;
    const newKeyAnswer = (await (await purchase(lead.id)).json()) as TPurchaseLeadResult;
    expect(sameKey).toMatchObject({ idempotent: true, newBalance: 20, creditsSpent: 40 });
    expect(newKeyAnswer).toMatchObject({ idempotent: true, newBalance: 20 });
    expect((await leadOf(lead.id)).saleCount).toBe(1);
    expect(await walletState(ctx.database.db, buyer.id)).toMatchObject({ balance: 20, ledgerSum: 20 });
  });

  it("refuses a short wallet with INSUFFICIENT_CREDITS and changes nothing", async () => {
    const lead = await previewLead("Sol Vega", { saleCap: 2 });
    const res = await purchase(lead.id);
    expect(res.status).toBe(402);
    const error = await errorOf(res);
    expect(error).toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      message: "Please ask your organization to purchase more credits.",
      details: { currentBalance: 20, attemptedChange: -40 },
    });
    expect(await entryOf(buyer.id, lead.id)).toMatchObject({ isPreview: true, creditsSpent: 0 });
    expect((await leadOf(lead.id)).saleCount).toBe(0);
    expect((await walletState(ctx.database.db, buyer.id)).balance).toBe(20);
  });

  it("answers INSUFFICIENT_CREDITS, not UPDATE_FAILED, when a spend has no lot allocations behind it", async () => {
    // As the demo data once booked a purchase: a consume entry with no allocations, so the lots still
    // look full while the cached balance (the ledger's sum) is short.
    const userId = await createUser(ctx, "unallocated@purchases.test");
    const short = await createBuyer(ctx, {
      companyId: acme.companyId,
      nicheId: acme.nicheId,
      userId,
      email: "unallocated@purchases.test",
      credits: 50,
    });
    await ctx.database.db.insert(creditTransactions).values({
      companyId: acme.companyId,
      buyerId: short.id,
      amount: -30,
      transactionType: "consume",
      idempotencyKey: `unallocated-${short.id}`,
    });
    await ctx.database.db.update(buyers).set({ creditBalance: 20 }).where(eq(buyers.id, short.id));
    const lead = await previewLead("Ida Lowe", { buyerId: short.id });
    const res = await purchase(
      lead.id,
      newKey("short"),
      await signInBuyer(ctx, "unallocated@purchases.test"),
    );
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      message: "Please ask your organization to purchase more credits.",
    });
    expect((await leadOf(lead.id)).saleCount).toBe(0);
  });

  it("uses the buyer's own cost per lead and the company's credit value, rounding up", async () => {
    const userId = await createUser(ctx, "priced@purchases.test");
    const priced = await createBuyer(ctx, {
      companyId: acme.companyId,
      nicheId: acme.nicheId,
      userId,
      email: "priced@purchases.test",
      credits: 30,
      costPerLead: 10.5,
    });
    const lead = await previewLead("Ty Cole", { buyerId: priced.id, saleCap: 1 });
    const res = await purchase(lead.id, newKey(), await signInBuyer(ctx, "priced@purchases.test"));
    expect(((await res.json()) as TPurchaseLeadResult).creditsSpent).toBe(11);
    expect(await leadOf(lead.id)).toMatchObject({ saleCount: 1, status: "sold_out" });
  });

  it("refuses a sold-out lead", async () => {
    const userId = await createUser(ctx, "late@purchases.test");
    const late = await createBuyer(ctx, {
      companyId: acme.companyId,
      userId,
      email: "late@purchases.test",
      credits: 100,
    });
    const lead = await previewLead("Uma Ray", { buyerId: late.id, saleCap: 2, saleCount: 2 });
    const res = await purchase(lead.id, newKey(), await signInBuyer(ctx, "late@purchases.test"));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "SOLD_OUT", message: "This lead is sold out." });
    expect((await walletState(ctx.database.db, late.id)).balance).toBe(100);
  });

  it("answers ALREADY_PURCHASED when the buyer got full access another way", async () => {
    const lead = await createLead(ctx, { companyId: acme.companyId, nicheId: acme.nicheId, name: "Vic Lo" });
    await ctx.database.db.insert(buyerLeads).values({
      companyId: acme.companyId,
      buyerId: buyer.id,
      leadId: lead.id,
      isPreview: false,
      acquiredVia: "all_you_can_eat",
    });
    const res = await purchase(lead.id);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: "ALREADY_PURCHASED",
      message: "You have already purchased this lead.",
    });
  });

  it("never spends an expired grant", async () => {
    const userId = await createUser(ctx, "expiring@purchases.test");
    const b = await createBuyer(ctx, { companyId: acme.companyId, userId, email: "expiring@purchases.test" });
    await ctx.database.db.insert(creditTransactions).values({
      companyId: acme.companyId,
      buyerId: b.id,
      amount: 50,
      transactionType: "grant",
      expiresAt: new Date(Date.now() - 60_000),
    });
    await ctx.database.db.update(buyers).set({ creditBalance: 50 }).where(eq(buyers.id, b.id));
    const lead = await previewLead("Wes Ng", { buyerId: b.id, saleCap: 1 });
    const res = await purchase(lead.id, newKey(), await signInBuyer(ctx, "expiring@purchases.test"));
    expect(res.status).toBe(402);
    expect((await errorOf(res)).details).toEqual({ currentBalance: 0, attemptedChange: -40 });
  });

  it("refuses a key already used for another lead", async () => {
    const userId = await createUser(ctx, "keys@purchases.test");
    const b = await createBuyer(ctx, {
      companyId: acme.companyId,
      userId,
      email: "keys@purchases.test",
      credits: 200,
    });
    const as = await signInBuyer(ctx, "keys@purchases.test");
    const first = await previewLead("Xia One", { buyerId: b.id, saleCap: 1 });
    const second = await previewLead("Xia Two", { buyerId: b.id, saleCap: 1 });
    const key = newKey("shared");
    expect((await purchase(first.id, key, as)).status).toBe(200);
    const res = await purchase(second.id, key, as);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect((await walletState(ctx.database.db, b.id)).balance).toBe(160);
  });
});

describe("who may purchase", () => {
  it("needs a session and an active buyer account", async () => {
    const lead = await previewLead("Yul Ash");
    expect(
      (
        await ctx.request("/api/purchases", {
          method: "POST",
          json: { leadId: lead.id, idempotencyKey: newKey() },
        })
      ).status,
    ).toBe(401);
    expect((await purchase(lead.id, newKey(), acme.cookie)).status).toBe(403);
  });

  it("answers 404 for a lead the buyer holds no preview of, or another company's lead", async () => {
    const mine = await createLead(ctx, {
      companyId: acme.companyId,
      nicheId: acme.nicheId,
      name: "Zoe Nope",
    });
    expect((await purchase(mine.id)).status).toBe(404);

    const theirs = await createLead(ctx, { companyId: other.companyId, name: "Other Lead" });
    // Even with a stray preview row pointing across companies, nothing is sold.
    await ctx.database.db
      .insert(buyerLeads)
      .values({ companyId: other.companyId, buyerId: buyer.id, leadId: theirs.id, isPreview: true });
    const res = await purchase(theirs.id);
    expect(res.status).toBe(404);
    expect(JSON.stringify(await res.json())).not.toContain(other.companyId);
    expect((await leadOf(theirs.id)).saleCount).toBe(0);
  });

  it("validates the body", async () => {
    const res = await purchase("not-a-uuid");
    expect(res.status).toBe(422);
  });
});
