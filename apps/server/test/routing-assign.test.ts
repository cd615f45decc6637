import { ROUTING_MESSAGES, type TAssignmentOptions } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadRoutingDecisions, userRoles } from "../src/db/schema";
import { routeLead } from "../src/modules/lead-distribution/decide/route-lead";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { leadHolders } from "./helpers/lead-holders";
import { addBuyer, addLead, buyerRow, leadDetail, ZIP_A, ZIP_FAR } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let co: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
/** A member of co (owning a company of their own, so requests name co with X-Company-Id). */
let member: Awaited<ReturnType<typeof createCompanyWithOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  co = await createCompanyWithOwner(ctx, "owner@assign.test", "Assign Co");
  other = await createCompanyWithOwner(ctx, "owner@assign-other.test", "Assign Other");
  member = await createCompanyWithOwner(ctx, "member@assign.test", "Member's Own");
  await ctx.database.db
    .insert(userRoles)
    .values({ userId: member.userId, companyId: co.companyId, role: "member" });
});
afterAll(() => ctx.close());

const assign = (leadId: string, buyerId: string, cookie = co.cookie, headers: Record<string, string> = {}) =>
  ctx.request(`/api/leads/${leadId}/assignments`, { method: "POST", cookie, headers, json: { buyerId } });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const options = async (leadId: string, query = "", cookie = co.cookie) => {
  const res = await ctx.request(`/api/leads/${leadId}/assignment-options${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as TAssignmentOptions;
};

describe("manual assignment", () => {
  it("hands an unrouted lead to a buyer in full, records who did it, and charges nothing", async () => {
    const buyer = await addBuyer(ctx, co.companyId, { prepaidLeadsTotal: 5, prepaidLeadsRemaining: 5 });
    const lead = await addLead(ctx, co.companyId, { zipCode: null, saleCap: 2 });
    await routeLead(ctx.deps, lead.id);
    expect((await leadDetail(ctx, co.cookie, lead.id)).status).toBe("unrouted");

    const res = await assign(lead.id, buyer.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      message: ROUTING_MESSAGES.ASSIGNED,
      status: "routed",
      saleCount: 1,
      saleCap: 2,
    });
    const detail = await leadDetail(ctx, co.cookie, lead.id);
    expect(detail.buyers).toMatchObject([
      { buyer: { id: buyer.id }, isPreview: false, acquiredVia: "manual" },
    ]);
    expect(detail.routingDecisions.at(-1)).toMatchObject({
      buyer: { id: buyer.id },
      matched: true,
      outcome: "full_access",
      reason: "Assigned manually by owner@assign.test",
      distanceMiles: null,
    });
    expect((await buyerRow(ctx, buyer.id)).prepaidLeadsRemaining).toBe(5);

    const again = await assign(lead.id, buyer.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(ROUTING_MESSAGES.ALREADY_HOLDS);
  });

  it("turns a preview into full access, and refuses once the sale cap is reached", async () => {
    // A company of its own: no prepaid buyer takes the only slot while routing.
    const c2 = await createCompanyWithOwner(ctx, "owner@assign-preview.test", "Assign Preview");
    const a = await addBuyer(ctx, c2.companyId);
    const b = await addBuyer(ctx, c2.companyId);
    const lead = await addLead(ctx, c2.companyId, { saleCap: 1 });
    await routeLead(ctx.deps, lead.id);
    const holder = async (buyerId: string) =>
      (await leadHolders(ctx.database.db, lead.id)).find((h) => h.buyerId === buyerId);
    expect((await holder(a.id))?.isPreview).toBe(true);

    expect((await assign(lead.id, a.id, c2.cookie)).status).toBe(200);
    expect(await holder(a.id)).toMatchObject({ isPreview: false, acquiredVia: "manual" });
    const full = await assign(lead.id, b.id, c2.cookie);
    expect(full.status).toBe(409);
    expect((await errorOf(full)).message).toBe(ROUTING_MESSAGES.CAP_REACHED);
    expect((await leadDetail(ctx, c2.cookie, lead.id)).status).toBe("sold_out");
  });

  it("refuses inactive and archived buyers", async () => {
    const lead = await addLead(ctx, co.companyId, { saleCap: 3 });
    const inactive = await addBuyer(ctx, co.companyId, { status: "inactive" });
    const archived = await addBuyer(ctx, co.companyId, { deletedAt: new Date() });
    const r1 = await assign(lead.id, inactive.id);
    expect(r1.status).toBe(409);
    expect((await errorOf(r1)).message).toBe(ROUTING_MESSAGES.BUYER_NOT_ACTIVE);
    const r2 = await assign(lead.id, archived.id);
    expect(r2.status).toBe(404);
    expect((await errorOf(r2)).message).toBe(ROUTING_MESSAGES.BUYER_NOT_FOUND);
  });

  it("is for company admins only", async () => {
    const lead = await addLead(ctx, co.companyId);
    const buyer = await addBuyer(ctx, co.companyId);
    const res = await assign(lead.id, buyer.id, member.cookie, { "x-company-id": co.companyId });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(ROUTING_MESSAGES.PERMISSION);
    expect(
      (
        await ctx.request(`/api/leads/${lead.id}/assignments`, {
          method: "POST",
          json: { buyerId: buyer.id },
        })
      ).status,
    ).toBe(401);
  });

  it("answers 404 for another company's lead or buyer, and changes nothing", async () => {
    const mine = await addLead(ctx, co.companyId);
    const theirs = await addLead(ctx, other.companyId);
    const myBuyer = await addBuyer(ctx, co.companyId);
    const theirBuyer = await addBuyer(ctx, other.companyId);
    expect((await assign(theirs.id, myBuyer.id)).status).toBe(404);
    expect((await assign(theirs.id, theirBuyer.id)).status).toBe(404);
    const r = await assign(mine.id, theirBuyer.id);
    expect(r.status).toBe(404);
    expect((await errorOf(r)).message).toBe(ROUTING_MESSAGES.BUYER_NOT_FOUND);
    const rows = await ctx.database.db
      .select()
      .from(leadRoutingDecisions)
      .where(eq(leadRoutingDecisions.leadId, theirs.id));
    expect(rows).toHaveLength(0);
    expect(
      (await ctx.request(`/api/leads/${theirs.id}/assignment-options`, { cookie: co.cookie })).status,
    ).toBe(404);
  });
});

describe("assignment options", () => {
  it("lists the company's active buyers nearest first, with what each holds, and searches", async () => {
    const fresh = await createCompanyWithOwner(ctx, "owner@assign-options.test", "Assign Options");
    const near = await addBuyer(ctx, fresh.companyId, { zipCode: ZIP_A, companyName: "Near Roofing" });
    const far = await addBuyer(ctx, fresh.companyId, { zipCode: ZIP_FAR, companyName: "Far Roofing" });
    const mid = await addBuyer(ctx, fresh.companyId, { companyName: "Mid Gutters" });
    await addBuyer(ctx, fresh.companyId, { status: "inactive", companyName: "Sleeping Roofing" });
    await addBuyer(ctx, other.companyId, { zipCode: ZIP_A, companyName: "Other Roofing" });
    const lead = await addLead(ctx, fresh.companyId, { saleCap: 2 });
    await routeLead(ctx.deps, lead.id);

    const all = await options(lead.id, "", fresh.cookie);
    expect(all.buyers.map((b) => b.id)).toEqual([near.id, mid.id, far.id]);
    expect(all.buyers[0]).toMatchObject({ name: "Near Roofing", distanceMiles: 0, holds: "preview" });
    expect(all.buyers[2]).toMatchObject({ holds: "none" });
    expect(all.buyers[2]!.distanceMiles).toBeGreaterThan(1000);
    expect(all).toMatchObject({ saleCap: 2, saleCount: 0 });

    const found = await options(lead.id, "?search=roofing", fresh.cookie);
    expect(found.buyers.map((b) => b.name)).toEqual(["Near Roofing", "Far Roofing"]);
    expect((await options(lead.id, "?search=%25", fresh.cookie)).buyers).toEqual([]);
  });
});
