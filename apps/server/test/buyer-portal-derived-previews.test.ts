import type { TBuyerSummary, TPreviewList } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLeadDismissals, buyerLeads, buyers, formBuyers, forms } from "../src/db/schema";
import { lookupZip } from "../src/integrations/geocoding/zip-centroids";
import { previewReads, routeLead } from "../src/modules/lead-distribution";
import { createBuyer, createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm } from "./helpers/forms";
import { addBuyer, addLead, leadDetail, ZIP_10_MILES, ZIP_FAR } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

/**
 * Previews derived on read (docs/routing.md "Previews"): routing writes no row per matched buyer; the
 * buyer portal, purchases and deletes read the same rule routing applies.
 */
let ctx: TTestContext;
let co: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
beforeAll(async () => {
  ctx = await createTestContext();
  co = await createCompanyWithOwner(ctx, "owner@derived.test", "Derived Co");
  other = await createCompanyWithOwner(ctx, "owner@derived-other.test", "Derived Other");
});
afterAll(() => ctx.close());

let seq = 0;
/** A buyer with an account, located at the zip's centroid (10 miles from the leads), radius 25. */
async function portalBuyer(
  companyId: string,
  over: Partial<typeof buyers.$inferInsert> = {},
  opts: { credits?: number } = {},
) {
  seq += 1;
  const email = `derived${seq}@buyer.test`;
  const userId = await createUser(ctx, email);
  const buyer = await createBuyer(ctx, { companyId, userId, email, credits: opts.credits });
  const zip = over.zipCode ?? ZIP_10_MILES;
  const place = lookupZip(zip)!;
  await ctx.database.db
    .update(buyers)
    .set({ zipCode: zip, latitude: place.latitude, longitude: place.longitude, serviceRadius: 25, ...over })
    .where(eq(buyers.id, buyer.id));
  return { id: buyer.id, cookie: await signInBuyer(ctx, email) };
}

async function routedLead(companyId: string, over: Parameters<typeof addLead>[2] = {}) {
  const lead = await addLead(ctx, companyId, over);
  await routeLead(ctx.deps, lead.id);
  return lead.id;
}

/**
 * The buyer's previews, read both ways the list reads them, which must agree: through the leads in the
 * buyer's service-area box (few there), and walking the company's leads newest first (a box holding
 * many; here the box's read limit lowered to none).
 */
async function previewsOf(cookie: string, query = "") {
  const read = async () => {
    const res = await ctx.request(`/api/buyer-portal/previews${query}`, { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as TPreviewList;
  };
  const throughBox = await read();
  const boxReadLimit = previewReads.boxReadLimit;
  previewReads.boxReadLimit = 0;
  try {
    expect(await read()).toEqual(throughBox);
  } finally {
    previewReads.boxReadLimit = boxReadLimit;
  }
  return throughBox;
}
const previewIds = async (cookie: string, query = "") =>
  (await previewsOf(cookie, query)).previews.map((p) => p.leadId);
const previewCount = async (cookie: string) => {
  const res = await ctx.request("/api/buyer-portal/summary", { cookie });
  return ((await res.json()) as TBuyerSummary).stats.availablePreviews;
};

describe("derived previews", () => {
  it("shows a routed lead to the buyers whose radius, niche and state match, and to no one else", async () => {
    const near = await portalBuyer(co.companyId);
    const small = await portalBuyer(co.companyId, { serviceRadius: 5 });
    const far = await portalBuyer(co.companyId, { zipCode: ZIP_FAR });
    const paused = await portalBuyer(co.companyId, { isPaused: true });
    const nicheBuyer = await portalBuyer(co.companyId, { nicheId: co.nicheId });
    const foreign = await portalBuyer(other.companyId, { serviceRadius: 500 });

    const plain = await routedLead(co.companyId);
    const niched = await routedLead(co.companyId, { nicheId: co.nicheId });

    expect(await previewIds(near.cookie)).toEqual([plain]);
    expect(await previewCount(near.cookie)).toBe(1);
    expect(await previewIds(small.cookie)).toEqual([]);
    expect(await previewIds(far.cookie)).toEqual([]);
    expect(await previewIds(paused.cookie)).toEqual([]);
    // A lead without a niche reaches every niche; a niched lead only its own.
    expect((await previewIds(nicheBuyer.cookie)).sort()).toEqual([plain, niched].sort());
    // Another company's buyer, however wide its radius, never sees the lead, and cannot act on it.
    expect(await previewIds(foreign.cookie)).toEqual([]);
    expect(await previewCount(foreign.cookie)).toBe(0);
    const del = await ctx.request(`/api/buyer-portal/previews/${plain}`, {
      method: "DELETE",
      cookie: foreign.cookie,
    });
    expect(del.status).toBe(404);
    const buy = await ctx.request("/api/purchases", {
      method: "POST",
      cookie: foreign.cookie,
      json: { leadId: plain, idempotencyKey: "derived-foreign-1" },
    });
    expect(buy.status).toBe(404);
    // Routing stored no preview rows.
    expect(await ctx.database.db.select().from(buyerLeads).where(eq(buyerLeads.leadId, plain))).toEqual([]);

    // Unpaused, the buyer sees what matches it.
    await ctx.database.db.update(buyers).set({ isPaused: false }).where(eq(buyers.id, paused.id));
    expect(await previewIds(paused.cookie)).toEqual([plain]);
  });

  it("keeps to the form's buyer list when the form has one", async () => {
    const listed = await portalBuyer(co.companyId);
    const unlisted = await portalBuyer(co.companyId);
    const form = await createPublishedForm(ctx, co.cookie);
    await ctx.database.db
      .insert(formBuyers)
      .values({ formId: form.id, buyerId: listed.id, companyId: co.companyId });
    const leadId = await routedLead(co.companyId, { formId: form.id });
    expect(await previewIds(listed.cookie)).toContain(leadId);
    expect(await previewIds(unlisted.cookie)).not.toContain(leadId);
    await ctx.database.db.delete(forms).where(eq(forms.id, form.id));
  });

  it("shows a buyer only the leads routed after it became active", async () => {
    const seen = await routedLead(co.companyId);
    const late = await portalBuyer(co.companyId, { status: "pending" });
    await ctx.database.db.update(buyers).set({ receivesLeadsSince: null }).where(eq(buyers.id, late.id));
    const whilePending = await routedLead(co.companyId);
    await ctx.database.db.update(buyers).set({ status: "active" }).where(eq(buyers.id, late.id));
    expect(await previewIds(late.cookie)).toEqual([]);
    const after = await routedLead(co.companyId);
    expect(await previewIds(late.cookie)).toEqual([after]);
    expect([seen, whilePending]).not.toContain(after);
  });

  it("lists a sold-out lead under sold out, and a purchase turns the preview into full access", async () => {
    const eat = await addBuyer(ctx, co.companyId, { allYouCanEatEnabled: true, serviceRadius: 50 });
    const buyer = await portalBuyer(co.companyId, {}, { credits: 50 });
    const soldOut = await routedLead(co.companyId, { saleCap: 1 });
    const open = await routedLead(co.companyId, { saleCap: 2 });
    expect(
      (await ctx.database.db.select().from(buyerLeads).where(eq(buyerLeads.buyerId, eat.id))).length,
    ).toBe(2);
    const sold = await previewsOf(buyer.cookie, "?availability=sold_out");
    expect(sold.previews.map((p) => [p.leadId, p.soldOut, p.slotsLeft])).toEqual([[soldOut, true, 0]]);
    expect(await previewIds(buyer.cookie, "?availability=available")).toEqual([open]);

    const res = await ctx.request("/api/purchases", {
      method: "POST",
      cookie: buyer.cookie,
      json: { leadId: open, idempotencyKey: "derived-buy-1" },
    });
    expect(res.status).toBe(200);
    expect(await previewIds(buyer.cookie)).toEqual([soldOut]);
    const [entry] = await ctx.database.db
      .select()
      .from(buyerLeads)
      .where(and(eq(buyerLeads.buyerId, buyer.id), eq(buyerLeads.leadId, open)));
    expect(entry).toMatchObject({ isPreview: false, acquiredVia: "credits" });
    // The lead detail still says why routing offered it to the buyer.
    const detail = await leadDetail(ctx, co.cookie, open);
    expect(detail.routingDecisions.find((d) => d.buyer?.id === buyer.id)).toMatchObject({
      outcome: "preview",
      reason: "Preview: 10.2 mi, radius 25 mi",
    });
    // A sold-out preview cannot be bought.
    const late = await ctx.request("/api/purchases", {
      method: "POST",
      cookie: buyer.cookie,
      json: { leadId: soldOut, idempotencyKey: "derived-buy-2" },
    });
    expect(late.status).toBe(409);
  });

  it("remembers a deleted preview: gone from the list and the count, not for sale, other buyers unaffected", async () => {
    const a = await portalBuyer(co.companyId, {}, { credits: 50 });
    const b = await portalBuyer(co.companyId);
    const first = await routedLead(co.companyId);
    const second = await routedLead(co.companyId);
    expect((await previewIds(a.cookie)).sort()).toEqual([first, second].sort());

    const one = await ctx.request(`/api/buyer-portal/previews/${first}`, {
      method: "DELETE",
      cookie: a.cookie,
    });
    expect(one.status).toBe(200);
    expect(await previewIds(a.cookie)).toEqual([second]);
    expect(await previewCount(a.cookie)).toBe(1);
    expect((await previewIds(b.cookie)).sort()).toEqual([first, second].sort());
    const again = await ctx.request(`/api/buyer-portal/previews/${first}`, {
      method: "DELETE",
      cookie: a.cookie,
    });
    expect(again.status).toBe(404);
    const buy = await ctx.request("/api/purchases", {
      method: "POST",
      cookie: a.cookie,
      json: { leadId: first, idempotencyKey: "derived-dismissed-1" },
    });
    expect(buy.status).toBe(404);
    const dismissals = await ctx.database.db
      .select()
      .from(buyerLeadDismissals)
      .where(eq(buyerLeadDismissals.buyerId, a.id));
    expect(dismissals).toMatchObject([{ companyId: co.companyId, leadId: first }]);
    // The lead detail: no longer among the holders, still in the routing's decisions (routing decided it).
    const detail = await leadDetail(ctx, co.cookie, first);
    expect(detail.buyers.map((h) => h.buyer.id)).not.toContain(a.id);
    expect(detail.buyers.map((h) => h.buyer.id)).toContain(b.id);
    expect(detail.routingDecisions.find((d) => d.buyer?.id === a.id)).toMatchObject({
      outcome: "preview",
      reason: "Preview: 10.2 mi, radius 25 mi",
    });

    // Bulk delete is all or nothing: one id that is not a preview deletes none.
    const mixed = await ctx.request("/api/buyer-portal/previews/delete", {
      method: "POST",
      cookie: b.cookie,
      json: { leadIds: [first, crypto.randomUUID()] },
    });
    expect(mixed.status).toBe(404);
    expect((await previewIds(b.cookie)).sort()).toEqual([first, second].sort());
    const bulk = await ctx.request("/api/buyer-portal/previews/delete", {
      method: "POST",
      cookie: b.cookie,
      json: { leadIds: [first, second] },
    });
    expect(bulk.status).toBe(200);
    expect(await previewIds(b.cookie)).toEqual([]);
  });

  it("keeps preview rows stored before previews were derived readable alongside", async () => {
    const buyer = await portalBuyer(co.companyId, { zipCode: ZIP_FAR });
    const leadId = await routedLead(co.companyId);
    // Far away, so not a derived preview; a row stored by an earlier routing still shows it.
    expect(await previewIds(buyer.cookie)).toEqual([]);
    await ctx.database.db
      .insert(buyerLeads)
      .values({ companyId: co.companyId, buyerId: buyer.id, leadId, isPreview: true });
    expect(await previewIds(buyer.cookie)).toEqual([leadId]);
    expect(await previewCount(buyer.cookie)).toBe(1);
    const del = await ctx.request(`/api/buyer-portal/previews/${leadId}`, {
      method: "DELETE",
      cookie: buyer.cookie,
    });
    expect(del.status).toBe(200);
    expect(await previewIds(buyer.cookie)).toEqual([]);
  });
});
