import type { TBusinessOverview } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callLogs,
  companyPreferences,
  creditTransactions,
  formSubmissions,
  type leads,
} from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm } from "./helpers/forms";
import { addBuyer, addLead } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;

const DAY = 24 * 60 * 60 * 1000;
const overview = async (cookie: string, days = 7) => {
  const res = await ctx.request(`/api/dashboard/business?days=${days}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as TBusinessOverview;
};

/** A form lead with its submission's source data, created `daysAgo` days before now. */
async function formLead(
  companyId: string,
  formId: string,
  daysAgo: number,
  source: { utm?: Record<string, string>; clickIds?: Record<string, string>; referrer?: string } = {},
  over: Partial<typeof leads.$inferInsert> = {},
) {
  const createdAt = new Date(Date.now() - daysAgo * DAY);
  const [submission] = await ctx.database.db
    .insert(formSubmissions)
    .values({
      companyId,
      formId,
      data: {},
      utm: source.utm ?? null,
      clickIds: source.clickIds ?? null,
      referrer: source.referrer ?? null,
      createdAt,
    })
    .returning();
  return addLead(ctx, companyId, {
    formId,
    submissionId: submission!.id,
    source: "form",
    createdAt,
    ...over,
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@business-acme.test", "Business Acme");
  other = await createCompanyWithOwner(ctx, "owner@business-other.test", "Business Other");
  // Day boundaries in UTC keep the per-day assertions independent of when the test runs.
  await ctx.database.db
    .update(companyPreferences)
    .set({ timezone: "UTC" })
    .where(eq(companyPreferences.companyId, acme.companyId));

  const roof = await createPublishedForm(ctx, acme.cookie, { title: "Roof quote" });
  const solar = await createPublishedForm(ctx, acme.cookie, { title: "Solar quote" });
  await formLead(acme.companyId, roof.id, 0, { utm: { utm_source: "Google" } }, { saleCount: 1 });
  await formLead(acme.companyId, roof.id, 0, { clickIds: { fbclid: "x1" } });
  await formLead(
    acme.companyId,
    solar.id,
    1,
    { referrer: "https://www.yelp.com/biz/acme" },
    { saleCount: 1 },
  );
  await formLead(acme.companyId, solar.id, 2);
  await addLead(ctx, acme.companyId, { source: "api", createdAt: new Date(Date.now() - 2 * DAY) });
  // Not counted: a test lead, a lead before the period, another company's lead.
  await formLead(acme.companyId, roof.id, 0, {}, { isTest: true });
  await formLead(acme.companyId, roof.id, 40);
  const otherForm = await createPublishedForm(ctx, other.cookie);
  await formLead(other.companyId, otherForm.id, 0, { utm: { utm_source: "google" } });

  await ctx.database.db.insert(callLogs).values([
    {
      companyId: acme.companyId,
      callSid: "CA-business-1",
      fromNumber: "+13035550100",
      toNumber: "+13035550199",
      status: "completed",
    },
    {
      companyId: other.companyId,
      callSid: "CA-business-2",
      fromNumber: "+13035550100",
      toNumber: "+13035550198",
      status: "completed",
    },
  ]);

  const big = await addBuyer(ctx, acme.companyId, { companyName: "Big Buyer" });
  const small = await addBuyer(ctx, acme.companyId, { companyName: "Small Buyer" });
  const entry = (buyerId: string, amount: number, type: "consume" | "refund" | "grant", key: string) => ({
    companyId: acme.companyId,
    buyerId,
    amount,
    transactionType: type,
    idempotencyKey: key,
  });
  await ctx.database.db
    .insert(creditTransactions)
    .values([
      entry(big.id, 500, "grant", "g1"),
      entry(big.id, -45, "consume", "c1"),
      entry(big.id, -45, "consume", "c2"),
      entry(big.id, 45, "refund", "r1"),
      entry(small.id, 100, "grant", "g2"),
      entry(small.id, -30, "consume", "c3"),
    ]);
});
afterAll(() => ctx.close());

describe("the dashboard's business overview", () => {
  it("counts the period's leads per day, by form and by source, with sales and calls", async () => {
    const week = await overview(acme.cookie, 7);
    expect(week.daily).toHaveLength(7);
    const [today, yesterday, before] = [week.daily.at(-1)!, week.daily.at(-2)!, week.daily.at(-3)!];
    expect(today).toMatchObject({ leads: 2, sold: 1, calls: 1 });
    expect(yesterday).toMatchObject({ leads: 1, sold: 1, calls: 0 });
    expect(before).toMatchObject({ leads: 2, sold: 0 });
    expect(week.byForm).toEqual([
      { name: "Roof quote", leads: 2 },
      { name: "Solar quote", leads: 2 },
      { name: "No form", leads: 1 },
    ]);
    expect(week.bySource.map((s) => [s.name, s.leads]).sort()).toEqual(
      [
        ["api", 1],
        ["direct", 1],
        ["facebook ads", 1],
        ["google", 1],
        ["yelp.com", 1],
      ].sort(),
    );
    expect(week.sales).toEqual({ leads: 5, sold: 2, unsold: 3, saleRate: 40 });
  });

  it("sums the credits buyers spent, less refunds, and ranks the buyers", async () => {
    const week = await overview(acme.cookie, 7);
    expect(week.credits).toEqual({ spent: 75, valueUsd: 75, creditValueUsd: 1 });
    expect(week.topBuyers.map((b) => [b.name, b.leadsBought, b.creditsSpent])).toEqual([
      ["Big Buyer", 2, 45],
      ["Small Buyer", 1, 30],
    ]);
  });

  it("changes with the period and refuses other periods with a clear message", async () => {
    const quarter = await overview(acme.cookie, 90);
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.sales.leads).toBe(6);
    const res = await ctx.request("/api/dashboard/business?days=12", { cookie: acme.cookie });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain("Choose 7, 30 or 90 days");
  });

  it("shows an empty company empty figures, never another company's", async () => {
    const empty = await createCompanyWithOwner(ctx, "owner@business-empty.test", "Business Empty");
    const week = await overview(empty.cookie, 7);
    expect(week.daily.every((d) => d.leads === 0 && d.calls === 0)).toBe(true);
    expect(week).toMatchObject({ byForm: [], bySource: [], topBuyers: [], credits: { spent: 0 } });
    expect((await overview(other.cookie, 7)).sales.leads).toBe(1);
  });
});
