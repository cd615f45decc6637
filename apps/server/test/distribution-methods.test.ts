import type { TFormSubmissionResult } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLeads, buyers, creditTransactions, formDistributionBuyers } from "../src/db/schema";
import { bookCredit, lockBuyer } from "../src/modules/credits";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submitAndRoute } from "./helpers/forms";
import { addBuyer, leadDetail } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// One routing per method, through the public form and the routing worker's path (PostgreSQL with
// TEST_DATABASE_URL, else PGlite): who took the lead, and the decision that explains it.

let ctx: TTestContext;
let co: Awaited<ReturnType<typeof createCompanyWithOwner>>;
beforeAll(async () => {
  ctx = await createTestContext();
  co = await createCompanyWithOwner(ctx, "owner@methods.test", "Methods Co");
});
afterAll(() => ctx.close());

let seq = 0;
async function submitLead(formId: string, extra: Record<string, unknown> = {}) {
  seq += 1;
  const res = await submitAndRoute(ctx, formId, {
    ...QUOTE_ANSWERS,
    "f-email": `method-visitor${seq}@example.com`,
    "f-phone": `720555${String(2000 + seq)}`,
    ...extra,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as TFormSubmissionResult).leadId;
}
const patch = (path: string, json: unknown, cookie = co.cookie) =>
  ctx.request(path, { method: "PATCH", headers: { cookie }, json });
const fullHolders = async (leadId: string) =>
  (
    await ctx.database.db
      .select({ buyerId: buyerLeads.buyerId })
      .from(buyerLeads)
      .where(and(eq(buyerLeads.leadId, leadId), eq(buyerLeads.isPreview, false)))
  ).map((r) => r.buyerId);
const reasonOf = async (leadId: string, buyerId: string) =>
  (await leadDetail(ctx, co.cookie, leadId)).routingDecisions.find((d) => d.buyer?.id === buyerId)?.reason;

describe("priority", () => {
  it("the first eligible in the company's order takes the lead, and the decision says why the first was passed", async () => {
    const paused = await addBuyer(ctx, co.companyId, {
      nicheId: co.nicheId,
      allYouCanEatEnabled: true,
      isPaused: true,
    });
    const second = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, allYouCanEatEnabled: true });
    // Never served: round robin would serve it first.
    const third = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, allYouCanEatEnabled: true });
    await ctx.database.db.update(buyers).set({ lastServedAt: new Date() }).where(eq(buyers.id, second.id));
    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, saleCap: 1 });
    const res = await patch(`/api/forms/${form.id}/distribution`, {
      method: "priority",
      buyers: [{ buyerId: paused.id }, { buyerId: second.id }, { buyerId: third.id }],
    });
    expect(res.status).toBe(200);

    const leadId = await submitLead(form.id);
    expect(await fullHolders(leadId)).toEqual([second.id]);
    expect(await reasonOf(leadId, second.id)).toBe(
      `Priority 2: ${second.companyName}; priority 1 (${paused.companyName}): Buyer is paused (full access, all-you-can-eat: 10.2 mi, radius 25 mi)`,
    );
  });

  it("refuses another company's buyer in the order (404), and changes nothing", async () => {
    const other = await createCompanyWithOwner(ctx, "owner@methods-other.test", "Other Methods Co");
    const foreign = await addBuyer(ctx, other.companyId, { nicheId: other.nicheId });
    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, saleCap: 1 });
    const res = await patch(`/api/forms/${form.id}/distribution`, {
      method: "priority",
      buyers: [{ buyerId: foreign.id }],
    });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(JSON.stringify(body)).not.toContain(foreign.email);
    const rows = await ctx.database.db
      .select()
      .from(formDistributionBuyers)
      .where(eq(formDistributionBuyers.formId, form.id));
    expect(rows).toEqual([]);
    const read = await ctx.request(`/api/forms/${form.id}/distribution`, { headers: { cookie: co.cookie } });
    expect(((await read.json()) as { method: string }).method).toBe("round_robin");
    // Another company's form: 404 too.
    expect(
      (await patch(`/api/forms/${form.id}/distribution`, { method: "weighted" }, other.cookie)).status,
    ).toBe(404);
    // Another company's buyer's bids and filters: 404.
    expect(
      (await ctx.request(`/api/buyers/${foreign.id}/distribution`, { headers: { cookie: co.cookie } }))
        .status,
    ).toBe(404);
    expect((await patch(`/api/buyers/${foreign.id}/distribution`, { bids: [] })).status).toBe(404);
  });
});

describe("weighted", () => {
  it("shares the leads by weight, counted in the database", async () => {
    const a = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, allYouCanEatEnabled: true });
    const b = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, allYouCanEatEnabled: true });
    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, saleCap: 1 });
    await patch(`/api/forms/${form.id}/distribution`, {
      method: "weighted",
      buyers: [
        { buyerId: a.id, weight: 3 },
        { buyerId: b.id, weight: 1 },
      ],
    });
    const takers: string[] = [];
    let first = "";
    for (let i = 0; i < 8; i++) {
      const leadId = await submitLead(form.id);
      if (i === 0) first = leadId;
      takers.push(...(await fullHolders(leadId)));
    }
    expect(takers.filter((id) => id === a.id)).toHaveLength(6);
    expect(takers.filter((id) => id === b.id)).toHaveLength(2);
    expect(await reasonOf(first, a.id)).toMatch(/^Weighted: .+ \(share 75%, 0 served before\)/);
    const read = await ctx.request(`/api/forms/${form.id}/distribution`, { headers: { cookie: co.cookie } });
    const body = (await read.json()) as { buyers: { buyerId: string; served: number; share: number }[] };
    expect(body.buyers.map((x) => [x.served, x.share])).toEqual([
      [6, 75],
      [2, 25],
    ]);
  });
});

describe("highest price", () => {
  it("an exclusive lead goes to the top bid, paid in credits through the ledger", async () => {
    const low = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId });
    const high = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId });
    for (const buyer of [low, high]) {
      await ctx.database.db.transaction(async (tx) => {
        const wallet = await lockBuyer(tx, co.companyId, buyer.id);
        await bookCredit(tx, wallet!, "grant", 100, { reason: "test" });
      });
      const bid = buyer.id === high.id ? 45 : 30;
      expect(
        (
          await patch(`/api/buyers/${buyer.id}/distribution`, {
            bids: [{ nicheId: co.nicheId, credits: bid }],
          })
        ).status,
      ).toBe(200);
    }
    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, saleCap: 1 });
    await patch(`/api/forms/${form.id}/distribution`, { method: "highest_price" });

    const leadId = await submitLead(form.id);
    expect(await fullHolders(leadId)).toEqual([high.id]);
    expect(await reasonOf(leadId, high.id)).toBe(
      `Highest price: 45 credits from ${high.companyName} (10.2 mi, radius 25 mi)`,
    );
    const [wallet] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, high.id));
    expect(wallet!.creditBalance).toBe(55);
    const debits = await ctx.database.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.buyerId, high.id), eq(creditTransactions.leadId, leadId)));
    expect(debits.map((d) => d.amount)).toEqual([-45]);
    const [entry] = await ctx.database.db
      .select()
      .from(buyerLeads)
      .where(and(eq(buyerLeads.buyerId, high.id), eq(buyerLeads.leadId, leadId)));
    expect(entry).toMatchObject({ acquiredVia: "credits", creditsSpent: 45 });
    const [lowWallet] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, low.id));
    expect(lowWallet!.creditBalance).toBe(100);
  });
});

describe("lead filters", () => {
  it("a buyer whose filter the answers fail is skipped with the filter in words", async () => {
    const picky = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId });
    const res = await patch(`/api/buyers/${picky.id}/distribution`, {
      leadFilters: [{ fieldId: "f-service", operator: "is", values: ["Full replacement"] }],
    });
    expect(res.status).toBe(200);
    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, saleCap: 1 });
    const leadId = await submitLead(form.id, { "f-service": "Roof repair" });
    expect(await reasonOf(leadId, picky.id)).toBe("Filter: Service needed is not Full replacement");
    const read = await ctx.request(`/api/buyers/${picky.id}/distribution`, {
      headers: { cookie: co.cookie },
    });
    const body = (await read.json()) as { fields: { fieldId: string; options: string[] }[] };
    expect(body.fields.find((f) => f.fieldId === "f-service")?.options).toEqual([
      "Roof repair",
      "Full replacement",
    ]);
  });
});
