import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLeads, creditTransactions, leads } from "../src/db/schema";
import { createBuyer, createLead, createUser, giveLead, signInBuyer } from "./helpers/buyer-portal";
import { walletState } from "./helpers/credits";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { latestEmail } from "./helpers/mailbox";
import { createTestContext, type TTestContext } from "./helpers/test-app";

/**
 * Lead returns end to end over HTTP: a buyer buys a lead with credits and returns it; the company
 * approves (one refund, however many approvals race) or rejects (no balance moves). Run with
 * TEST_DATABASE_URL to race on a real PostgreSQL with a pool of connections.
 */

let ctx: TTestContext;
let company: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
const PRICE = 40; // the fixture niche's price, credit value 1
const START = 200;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await createCompanyWithOwner(ctx, "owner@returns.test", "Returns Co");
  other = await createCompanyWithOwner(ctx, "owner@other-returns.test", "Other Co");
});
afterAll(() => ctx.close());

type TBuyer = { id: string; email: string; cookie: string };

async function fundedBuyer(companyId = company.companyId, nicheId = company.nicheId): Promise<TBuyer> {
  const email = `buyer-${randomUUID().slice(0, 8)}@returns.test`;
  const userId = await createUser(ctx, email);
  const buyer = await createBuyer(ctx, { companyId, nicheId, userId, email, credits: START });
  return { id: buyer.id, email, cookie: await signInBuyer(ctx, email) };
}

/** A lead the buyer bought through the real purchase (one consume entry of PRICE). */
async function boughtLead(buyer: TBuyer, name = "Lead", saleCap = 1) {
  const lead = await createLead(ctx, {
    companyId: company.companyId,
    nicheId: company.nicheId,
    name,
    saleCap,
  });
  await giveLead(ctx, { companyId: company.companyId, buyerId: buyer.id, leadId: lead.id, preview: true });
  const res = await ctx.request("/api/purchases", {
    method: "POST",
    cookie: buyer.cookie,
    json: { leadId: lead.id, idempotencyKey: `buy-${lead.id}` },
  });
  expect(res.status).toBe(200);
  return lead;
}

const file = (buyer: TBuyer, body: Record<string, unknown>) =>
  ctx.request("/api/buyer-returns", { method: "POST", cookie: buyer.cookie, json: body });

async function filed(buyer: TBuyer, leadId: string, reason = "Wrong number") {
  const res = await file(buyer, { leadId, reason, note: "Nobody by that name" });
  expect(res.status).toBe(201);
  return ((await res.json()) as { return: { id: string; status: string } }).return;
}

const decide = (
  id: string,
  how: "approve" | "reject",
  body: Record<string, unknown> = {},
  cookie = company.cookie,
) => ctx.request(`/api/returns/${id}/${how}`, { method: "POST", cookie, json: body });

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]> } })
    .error;

async function refundsOf(leadId: string) {
  return ctx.database.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.leadId, leadId), eq(creditTransactions.transactionType, "refund")));
}

async function expectConsistentWallet(buyerId: string, balance: number) {
  const state = await walletState(ctx.database.db, buyerId);
  expect(state.balance).toBe(balance);
  expect(state.ledgerSum).toBe(balance);
  expect(state.lotRemainders).toBe(balance);
  expect(state.unallocatedDebits).toBe(0);
}

describe(`lead returns (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a return within the window, approved by several requests at once, refunds once", async () => {
    const buyer = await fundedBuyer();
    const lead = await boughtLead(buyer, "Race Return");
    await expectConsistentWallet(buyer.id, START - PRICE);
    const ret = await filed(buyer, lead.id);
    expect(ret.status).toBe("pending");

    const answers = await Promise.all(Array.from({ length: 6 }, () => decide(ret.id, "approve")));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(await errorOf(loser)).toMatchObject({
      code: "RETURN_ALREADY_DECIDED",
      message: "This return was already approved.",
    });
    const winner = (await answers.find((r) => r.status === 200)!.json()) as { buyerBalance: number };
    expect(winner.buyerBalance).toBe(START);

    const refunds = await refundsOf(lead.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount: PRICE,
      buyerId: buyer.id,
      idempotencyKey: `return:${ret.id}`,
    });
    await expectConsistentWallet(buyer.id, START);
    // The refund names the purchase it gives back.
    const [consume] = await ctx.database.db
      .select({ id: creditTransactions.id })
      .from(creditTransactions)
      .where(and(eq(creditTransactions.leadId, lead.id), eq(creditTransactions.transactionType, "consume")));
    expect(refunds[0]!.notes).toBe(`Refund of purchase ${consume!.id}`);

    // The buyer sees the decision and is told by e-mail; the company was told of the filing.
    const mine = await ctx.request("/api/buyer-returns", { cookie: buyer.cookie });
    const list = (await mine.json()) as {
      returns: { id: string; status: string }[];
      policy: { windowDays: number };
    };
    expect(list.returns.find((r) => r.id === ret.id)?.status).toBe("approved");
    expect(list.policy.windowDays).toBe(7);
    expect((await latestEmail(ctx, buyer.email, "lead_return_approved")).subject).toBe(
      "Your return was approved",
    );
    expect((await latestEmail(ctx, "owner@returns.test", "lead_return_filed")).text).toContain(
      "Wrong number",
    );
  });

  it("a return after the window is refused with the window in words", async () => {
    const buyer = await fundedBuyer();
    const lead = await boughtLead(buyer, "Late Return");
    await ctx.database.db
      .update(buyerLeads)
      .set({ unlockedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(and(eq(buyerLeads.buyerId, buyer.id), eq(buyerLeads.leadId, lead.id)));
    const res = await file(buyer, { leadId: lead.id, reason: "Duplicate" });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: "RETURN_WINDOW_CLOSED",
      message: "Returns are accepted within 7 days of purchase.",
    });

    // The company's own window decides: 10 days takes it back in.
    const patch = await ctx.request("/api/returns/settings", {
      method: "PATCH",
      cookie: company.cookie,
      json: { windowDays: 10 },
    });
    expect(await patch.json()).toMatchObject({
      windowDays: 10,
      reasons: ["Wrong number", "Duplicate", "Out of area"],
    });
    expect((await file(buyer, { leadId: lead.id, reason: "duplicate" })).status).toBe(201);
    await ctx.request("/api/returns/settings", {
      method: "PATCH",
      cookie: company.cookie,
      json: { windowDays: 7 },
    });
  });

  it("a rejected return changes no balance and shows the company's note", async () => {
    const buyer = await fundedBuyer();
    const lead = await boughtLead(buyer, "Rejected Return");
    const ret = await filed(buyer, lead.id, "Out of area");
    const res = await decide(ret.id, "reject", { note: "The address is inside your area." });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ buyerBalance: START - PRICE, return: { status: "rejected" } });
    expect(await refundsOf(lead.id)).toHaveLength(0);
    await expectConsistentWallet(buyer.id, START - PRICE);
    // Decided once: approving afterwards is refused and refunds nothing.
    expect((await decide(ret.id, "approve")).status).toBe(409);
    await expectConsistentWallet(buyer.id, START - PRICE);

    const mine = (await (await ctx.request("/api/buyer-returns", { cookie: buyer.cookie })).json()) as {
      returns: { id: string; status: string; decisionNote: string | null }[];
    };
    expect(mine.returns.find((r) => r.id === ret.id)).toMatchObject({
      status: "rejected",
      decisionNote: "The address is inside your area.",
    });
    const mail = await latestEmail(ctx, buyer.email, "lead_return_rejected");
    expect(mail.text).toContain("The address is inside your area.");
  });

  it("refuses in user words: a reason the company does not accept, a missing lead, a second return", async () => {
    const buyer = await fundedBuyer();
    const lead = await boughtLead(buyer, "Words Return");
    const notInterested = await file(buyer, { leadId: lead.id, reason: "Not interested" });
    expect(notInterested.status).toBe(422);
    const error = await errorOf(notInterested);
    expect(error.fields?.reason).toEqual([
      "Choose one of the return reasons: Wrong number, Duplicate, Out of area.",
    ]);

    const noLead = await file(buyer, { reason: "Duplicate" });
    expect(noLead.status).toBe(422);
    expect(JSON.stringify(await errorOf(noLead))).not.toMatch(/ZodError|invalid_type|\bpath\b/);

    const longNote = await file(buyer, { leadId: lead.id, reason: "Duplicate", note: "x".repeat(1001) });
    expect(longNote.status).toBe(422);
    expect((await errorOf(longNote)).fields?.note?.[0]).toContain("1000 characters at most");

    const badWindow = await ctx.request("/api/returns/settings", {
      method: "PATCH",
      cookie: company.cookie,
      json: { windowDays: 0, reasons: ["Duplicate", "duplicate"] },
    });
    expect(badWindow.status).toBe(422);
    const settingsError = await errorOf(badWindow);
    expect(settingsError.fields?.windowDays?.[0]).toContain("Return window must be at least 1 day");
    expect(settingsError.fields?.reasons?.[0]).toContain("Each return reason may appear once");

    await filed(buyer, lead.id, "Duplicate");
    const again = await file(buyer, { leadId: lead.id, reason: "Duplicate" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("This lead has already been returned.");
  });

  it("keeps tenants apart: another company's return ids are 404, another buyer's lead cannot be returned", async () => {
    const buyer = await fundedBuyer();
    const lead = await boughtLead(buyer, "Tenant Return");
    const ret = await filed(buyer, lead.id);

    const foreign = await decide(ret.id, "approve", {}, other.cookie);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(await foreign.json())).not.toContain(lead.id);
    const foreignList = (await (
      await ctx.request("/api/returns?status=all", { cookie: other.cookie })
    ).json()) as { returns: unknown[] };
    expect(foreignList.returns).toEqual([]);
    expect(
      (await ctx.request(`/api/lead-phone-marks/${lead.id}`, { method: "PUT", cookie: other.cookie })).status,
    ).toBe(404);

    const stranger = await fundedBuyer();
    const res = await file(stranger, { leadId: lead.id, reason: "Duplicate" });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe("Lead not found");
    // A buyer of another company does not reach it either.
    const outsider = await fundedBuyer(other.companyId, other.nicheId);
    expect((await file(outsider, { leadId: lead.id, reason: "Duplicate" })).status).toBe(404);

    const stillPending = (await (await ctx.request("/api/returns", { cookie: company.cookie })).json()) as {
      returns: { id: string }[];
    };
    expect(stillPending.returns.map((r) => r.id)).toContain(ret.id);
  });

  it("auto-approves a return of a lead whose phone the company marked invalid, and can free the slot", async () => {
    await ctx.request("/api/returns/settings", {
      method: "PATCH",
      cookie: company.cookie,
      json: { autoApprovePhoneInvalid: true, resellOnApprove: true },
    });
    const buyer = await fundedBuyer();
    const lead = await boughtLead(buyer, "Invalid Phone");
    const mark = await ctx.request(`/api/lead-phone-marks/${lead.id}`, {
      method: "PUT",
      cookie: company.cookie,
    });
    expect(await mark.json()).toMatchObject({ phoneInvalid: true, approved: 0 });
    const read = await ctx.request(`/api/lead-phone-marks/${lead.id}`, { cookie: company.cookie });
    expect(await read.json()).toMatchObject({ phoneInvalid: true });
    const res = await file(buyer, { leadId: lead.id, reason: "Wrong number" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      newBalance: START,
      return: { status: "approved", autoApproved: true, resold: true, phoneMarkedInvalid: true },
    });
    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ saleCount: 0, status: "routed" });
    await expectConsistentWallet(buyer.id, START);

    // Marked after the filing: the pending return is approved then.
    const second = await fundedBuyer();
    const lead2 = await boughtLead(second, "Marked Later");
    await filed(second, lead2.id);
    const later = await ctx.request(`/api/lead-phone-marks/${lead2.id}`, {
      method: "PUT",
      cookie: company.cookie,
    });
    expect(await later.json()).toMatchObject({ approved: 1 });
    await expectConsistentWallet(second.id, START);
    await ctx.request("/api/returns/settings", {
      method: "PATCH",
      cookie: company.cookie,
      json: { autoApprovePhoneInvalid: false, resellOnApprove: false },
    });
  });

  it("works over the Lead API with a key, and shows return rates per buyer and form", async () => {
    const made = await ctx.request("/api/settings/api-keys", {
      method: "POST",
      cookie: company.cookie,
      json: { name: "CRM", environment: "production" },
    });
    const { secret } = (await made.json()) as { secret: string };
    const buyer = await fundedBuyer();
    const lead = await boughtLead(buyer, "Api Return");
    const ret = await filed(buyer, lead.id);
    const auth = { authorization: `Bearer ${secret}` };
    const list = await ctx.request("/api/v1/returns", { headers: auth });
    expect(((await list.json()) as { returns: { id: string }[] }).returns.map((r) => r.id)).toContain(ret.id);
    const approved = await ctx.request(`/api/v1/returns/${ret.id}/approve`, {
      method: "POST",
      headers: auth,
      json: {},
    });
    expect(approved.status).toBe(200);
    await expectConsistentWallet(buyer.id, START);
    expect(
      (
        await ctx.request(`/api/v1/returns/${randomUUID()}/reject`, {
          method: "POST",
          headers: auth,
          json: {},
        })
      ).status,
    ).toBe(404);
    expect((await ctx.request("/api/v1/returns")).status).toBe(401);

    const rates = (await (
      await ctx.request("/api/returns/rates?days=30", { cookie: company.cookie })
    ).json()) as {
      byBuyer: { id: string; bought: number; returned: number; approved: number; rate: number }[];
      byForm: { name: string; bought: number }[];
    };
    expect(rates.byBuyer.find((r) => r.id === buyer.id)).toMatchObject({
      bought: 1,
      returned: 1,
      approved: 1,
      rate: 100,
    });
    expect(rates.byForm[0]?.name).toBe("No form");
  });
});
