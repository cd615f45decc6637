import type { TFormSubmissionResult } from "@leadpost/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLeads, buyers, formSubmissions, leadRoutingDecisions, leads } from "../src/db/schema";
import { routeLead } from "../src/modules/lead-distribution/decide/route-lead";
import { retryFailedRouting } from "../src/modules/lead-distribution/worker/routing-retry";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submitAndRoute } from "./helpers/forms";
import { leadHolders } from "./helpers/lead-holders";
import { addBuyer, addLead } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// On PostgreSQL (TEST_DATABASE_URL) these runs truly overlap on separate connections; on PGlite they
// are serialised by its single connection, and the same assertions hold.
let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

async function prepaidBuyers(companyId: string, n: number, prepaid = 10) {
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push(await addBuyer(ctx, companyId, { prepaidLeadsTotal: prepaid, prepaidLeadsRemaining: prepaid }));
  }
  return out;
}
const prepaidLeft = async (ids: string[]) =>
  (
    await db()
      .select({ id: buyers.id, left: buyers.prepaidLeadsRemaining })
      .from(buyers)
      .where(inArray(buyers.id, ids))
  ).reduce((sum, b) => sum + b.left, 0);
const fullAccessCount = async (leadIds: string[]) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(buyerLeads)
      .where(and(inArray(buyerLeads.leadId, leadIds), eq(buyerLeads.isPreview, false)))
  )[0]!.n;

describe("routing one lead more than once", () => {
  it("delivers and decrements prepaid counts exactly once when the same lead is routed five times at once, then again", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@conc-same.test", "Conc Same");
    const team = await prepaidBuyers(co.companyId, 3);
    const ids = team.map((b) => b.id);
    const lead = await addLead(ctx, co.companyId, { saleCap: 2 });

    const results = await Promise.all(Array.from({ length: 5 }, () => routeLead(ctx.deps, lead.id)));
    expect(results.every((r) => r.outcome === "routed")).toBe(true);
    await routeLead(ctx.deps, lead.id);

    expect(await fullAccessCount([lead.id])).toBe(2);
    expect(await prepaidLeft(ids)).toBe(30 - 2);
    const holders = await leadHolders(db(), lead.id);
    expect(holders).toHaveLength(3);
    const rows = await db()
      .select()
      .from(leadRoutingDecisions)
      .where(eq(leadRoutingDecisions.leadId, lead.id));
    // One run's decision, one row: three buyers, nothing repeated.
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reasons.filter((d) => d.buyerId !== null)).toHaveLength(3);
    const [row] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ saleCount: 2, status: "sold_out" });
  });

  it("changes nothing when the retry job routes a submission again after its lease ran out", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@conc-retry.test", "Conc Retry");
    const team = await prepaidBuyers(co.companyId, 2);
    const form = await createPublishedForm(ctx, co.cookie, { saleCap: 1 });
    const res = await submitAndRoute(ctx, form.id, { ...QUOTE_ANSWERS, "f-email": "retry@example.com" });
    const { leadId, submissionId } = (await res.json()) as TFormSubmissionResult;
    expect(await prepaidLeft(team.map((b) => b.id))).toBe(19);

    // As if the server had died after routing but before recording it: the lease expires, the job runs.
    await db()
      .update(formSubmissions)
      .set({ routingStatus: "pending", routingNextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(formSubmissions.id, submissionId));
    expect(await retryFailedRouting(ctx.deps)).toBeGreaterThanOrEqual(1);

    expect(await prepaidLeft(team.map((b) => b.id))).toBe(19);
    expect(await fullAccessCount([leadId])).toBe(1);
    const [sub] = await db().select().from(formSubmissions).where(eq(formSubmissions.id, submissionId));
    expect(sub!.routingStatus).toBe("routed");
  });
});

describe("routing different leads at the same time", () => {
  it("keeps round-robin fair and prepaid counts exact", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@conc-many.test", "Conc Many");
    const team = await prepaidBuyers(co.companyId, 3);
    const ids = team.map((b) => b.id);
    const batch = [];
    for (let i = 0; i < 9; i++) batch.push(await addLead(ctx, co.companyId, { saleCap: 1 }));

    await Promise.all(batch.map((l) => routeLead(ctx.deps, l.id)));

    const full = await db()
      .select({ buyerId: buyerLeads.buyerId })
      .from(buyerLeads)
      .where(
        and(
          inArray(
            buyerLeads.leadId,
            batch.map((l) => l.id),
          ),
          eq(buyerLeads.isPreview, false),
        ),
      );
    expect(full).toHaveLength(9);
    const perBuyer = ids.map((id) => full.filter((f) => f.buyerId === id).length);
    expect(perBuyer).toEqual([3, 3, 3]);
    const left = await db().select().from(buyers).where(inArray(buyers.id, ids));
    expect(left.map((b) => b.prepaidLeadsRemaining)).toEqual([7, 7, 7]);
  });

  it("never lets a buyer's prepaid leads go below zero when leads compete for the last one", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@conc-last.test", "Conc Last");
    const [only] = await prepaidBuyers(co.companyId, 1, 2);
    const batch = [];
    for (let i = 0; i < 5; i++) batch.push(await addLead(ctx, co.companyId, { saleCap: 1 }));
    await Promise.all(batch.map((l) => routeLead(ctx.deps, l.id)));
    expect(await fullAccessCount(batch.map((l) => l.id))).toBe(2);
    expect(await prepaidLeft([only!.id])).toBe(0);
    const holders = await Promise.all(batch.map((l) => leadHolders(db(), l.id)));
    expect(holders.flat().filter((h) => h.isPreview)).toHaveLength(3);
  });
});
