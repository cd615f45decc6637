import type { TFormSubmissionResult } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, leadRoutingDecisions, leads, niches } from "../src/db/schema";
import { routeLead } from "../src/modules/lead-distribution/decide/route-lead";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submitAndRoute } from "./helpers/forms";
import { leadHolders } from "./helpers/lead-holders";
import { addBuyer, buyerRow, leadDetail, ZIP_10_MILES, ZIP_A, ZIP_FAR } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let contactSeq = 0;
/** A visitor's answers at a zip, with a fresh contact so no lead is a duplicate unless a test wants it. */
function answers(zip = ZIP_A) {
  contactSeq += 1;
  return {
    ...QUOTE_ANSWERS,
    "f-zip": zip,
    "f-email": `visitor${contactSeq}@example.com`,
    "f-phone": `720555${String(1000 + contactSeq)}`,
  };
}
async function submitLead(formId: string, formData: Record<string, unknown> = answers()) {
  const res = await submitAndRoute(ctx, formId, formData);
  expect(res.status).toBe(201);
  return ((await res.json()) as TFormSubmissionResult).leadId;
}
// Previews are derived on read: a lead's holders are its stored entries plus the buyers that see it.
const holdersOf = (leadId: string) => leadHolders(db(), leadId);
const leadRow = async (id: string) => (await db().select().from(leads).where(eq(leads.id, id)))[0]!;

describe("eligibility", () => {
  let co: Awaited<ReturnType<typeof createCompanyWithOwner>>;
  beforeAll(async () => {
    co = await createCompanyWithOwner(ctx, "owner@route-eligible.test", "Route Eligible");
  });

  it("routes a lead at zip A to a buyer 10 miles away with radius 25, not radius 5, inactive, archived or another niche", async () => {
    const [hvac] = await db().insert(niches).values({ companyId: co.companyId, name: "HVAC" }).returning();
    const near = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, serviceRadius: 25 });
    const small = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, serviceRadius: 5 });
    const inactive = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, status: "inactive" });
    const pending = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, status: "pending" });
    const archived = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, deletedAt: new Date() });
    const otherNiche = await addBuyer(ctx, co.companyId, { nicheId: hvac!.id });
    const far = await addBuyer(ctx, co.companyId, {
      nicheId: co.nicheId,
      zipCode: ZIP_FAR,
      serviceRadius: 500,
    });
    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, saleCap: 1 });

    const leadId = await submitLead(form.id);
    const holders = await holdersOf(leadId);
    expect(holders.map((h) => h.buyerId)).toEqual([near.id]);
    expect(holders[0]!.isPreview).toBe(true);

    const detail = await leadDetail(ctx, co.cookie, leadId);
    expect(detail.status).toBe("routed");
    expect(detail.routedAt).not.toBeNull();
    const byBuyer = new Map(detail.routingDecisions.filter((d) => d.buyer).map((d) => [d.buyer!.id, d]));
    expect(byBuyer.get(near.id)).toMatchObject({ matched: true, outcome: "preview" });
    expect(byBuyer.get(near.id)!.distanceMiles).toBeCloseTo(10.2, 0);
    expect(byBuyer.get(near.id)!.reason).toBe("Preview: 10.2 mi, radius 25 mi");
    // The preview's reason is made when read: the stored decision keeps only the buyers without one.
    const [stored] = await db()
      .select()
      .from(leadRoutingDecisions)
      .where(eq(leadRoutingDecisions.leadId, leadId));
    expect(stored!.reasons.some((r) => r.buyerId === near.id)).toBe(false);
    expect(stored!.reasons.some((r) => r.buyerId === small.id)).toBe(true);
    expect(byBuyer.get(small.id)).toMatchObject({
      matched: false,
      outcome: "none",
      reason: "Outside service radius (10.2 mi, radius 5 mi)",
    });
    expect(byBuyer.get(inactive.id)?.reason).toBe("Buyer is inactive");
    expect(byBuyer.get(pending.id)?.reason).toBe("Buyer is pending");
    expect(byBuyer.get(archived.id)?.reason).toBe("Buyer is archived");
    expect(byBuyer.get(otherNiche.id)?.reason).toBe("Buyer serves a different niche");
    // Far away: no row of its own, only the closing summary line.
    expect(byBuyer.has(far.id)).toBe(false);
    expect(detail.routingDecisions.at(-1)).toMatchObject({
      buyer: null,
      matched: false,
      reason:
        "Buyers not listed: the lead is more than 10 miles outside their service area, or they have no location",
    });
    expect(detail.buyers).toMatchObject([{ buyer: { id: near.id }, isPreview: true }]);
  });

  it("keeps to the form's buyer list when it has one", async () => {
    const listed = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId });
    const unlisted = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId });
    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, buyerIds: [listed.id] });
    const leadId = await submitLead(form.id);
    expect((await holdersOf(leadId)).map((h) => h.buyerId)).toEqual([listed.id]);
    const detail = await leadDetail(ctx, co.cookie, leadId);
    expect(detail.routingDecisions.find((d) => d.buyer?.id === unlisted.id)).toBeUndefined();
    expect(detail.routingDecisions.at(-1)?.reason).toBe(
      "Buyers not in the form's buyer list were not considered",
    );
  });

  it("never routes to another company's buyer, however close", async () => {
    const other = await createCompanyWithOwner(ctx, "owner@route-other.test", "Route Other");
    const theirs = await addBuyer(ctx, other.companyId, { zipCode: ZIP_A, allYouCanEatEnabled: true });
    const form = await createPublishedForm(ctx, co.cookie, { nicheId: null });
    const leadId = await submitLead(form.id);
    expect((await holdersOf(leadId)).some((h) => h.buyerId === theirs.id)).toBe(false);
    const decisions = (
      await db().select().from(leadRoutingDecisions).where(eq(leadRoutingDecisions.leadId, leadId))
    ).flatMap((row) => row.reasons);
    expect(decisions.some((d) => d.buyerId === theirs.id)).toBe(false);
    // And the other company cannot read the lead.
    expect((await ctx.request(`/api/leads/${leadId}`, { cookie: other.cookie })).status).toBe(404);
  });
});

describe("distribution", () => {
  it("gives full access to exactly two of three prepaid buyers with cap 2, in round-robin order across leads", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@route-cap.test", "Route Cap");
    const [b1, b2, b3] = [
      await addBuyer(ctx, co.companyId, { prepaidLeadsTotal: 10, prepaidLeadsRemaining: 10 }),
      await addBuyer(ctx, co.companyId, { prepaidLeadsTotal: 10, prepaidLeadsRemaining: 10 }),
      await addBuyer(ctx, co.companyId, { prepaidLeadsTotal: 10, prepaidLeadsRemaining: 10 }),
    ];
    const name = new Map([
      [b1!.id, "b1"],
      [b2!.id, "b2"],
      [b3!.id, "b3"],
    ]);
    const form = await createPublishedForm(ctx, co.cookie, { saleCap: 2 });
    const served: string[][] = [];
    for (let i = 0; i < 3; i++) {
      const leadId = await submitLead(form.id);
      const holders = await holdersOf(leadId);
      const full = holders.filter((h) => !h.isPreview);
      expect(full).toHaveLength(2);
      expect(full.every((h) => h.acquiredVia === "prepaid")).toBe(true);
      expect(holders.filter((h) => h.isPreview)).toHaveLength(1);
      // One decision row per lead; its reasons are in serving order.
      const rows = await db()
        .select()
        .from(leadRoutingDecisions)
        .where(eq(leadRoutingDecisions.leadId, leadId));
      expect(rows).toHaveLength(1);
      const decisions = rows[0]!.reasons.filter((d) => d.outcome === "full_access");
      served.push(decisions.map((d) => name.get(d.buyerId!)!));
      const lead = await leadRow(leadId);
      expect(lead).toMatchObject({ saleCount: 2, status: "sold_out" });
    }
    // Never-served first (oldest first), then least recently served.
    expect(served).toEqual([
      ["b1", "b2"],
      ["b3", "b1"],
      ["b2", "b3"],
    ]);
    // Each was served twice: exactly two prepaid leads used each.
    const remaining = await Promise.all([b1!, b2!, b3!].map((b) => buyerRow(ctx, b.id)));
    expect(remaining.map((b) => b.prepaidLeadsRemaining)).toEqual([8, 8, 8]);
  });

  it("puts all-you-can-eat and prepaid buyers before the others, and previews everyone else", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@route-aye.test", "Route AYE");
    const plain = await addBuyer(ctx, co.companyId);
    const aye = await addBuyer(ctx, co.companyId, { allYouCanEatEnabled: true });
    const empty = await addBuyer(ctx, co.companyId, { prepaidLeadsTotal: 3, prepaidLeadsRemaining: 0 });
    const form = await createPublishedForm(ctx, co.cookie, { saleCap: 3 });
    const leadId = await submitLead(form.id);
    const holders = await holdersOf(leadId);
    expect(holders.find((h) => h.buyerId === aye.id)).toMatchObject({
      isPreview: false,
      acquiredVia: "all_you_can_eat",
    });
    expect(holders.find((h) => h.buyerId === plain.id)).toMatchObject({ isPreview: true, acquiredVia: null });
    expect(holders.find((h) => h.buyerId === empty.id)).toMatchObject({ isPreview: true });
    expect(await leadRow(leadId)).toMatchObject({ saleCount: 1, status: "routed" });
  });

  it("does not sell a duplicate lead again", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@route-dup.test", "Route Dup");
    const aye = await addBuyer(ctx, co.companyId, { allYouCanEatEnabled: true });
    const form = await createPublishedForm(ctx, co.cookie, { saleCap: 2 });
    const same = answers();
    const first = await submitLead(form.id, same);
    const second = await submitLead(form.id, same);
    expect(await holdersOf(first)).toHaveLength(1);
    expect((await leadRow(second)).isDuplicate).toBe(true);
    expect(await holdersOf(second)).toHaveLength(0);
    const detail = await leadDetail(ctx, co.cookie, second);
    expect(detail.routingDecisions.find((d) => d.buyer?.id === aye.id)).toMatchObject({
      matched: true,
      outcome: "none",
      reason: "Duplicate lead: not sold again",
    });
  });

  it("stores a lead without a location as unrouted, with the reason", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@route-noloc.test", "Route NoLoc");
    await addBuyer(ctx, co.companyId, { allYouCanEatEnabled: true });
    const form = await createPublishedForm(ctx, co.cookie);
    const leadId = await submitLead(form.id, answers("00000"));
    const detail = await leadDetail(ctx, co.cookie, leadId);
    expect(detail.status).toBe("unrouted");
    expect(detail.submission?.routingStatus).toBe("unrouted");
    expect(detail.routingDecisions.map((d) => d.reason)).toEqual([
      "No location: left unrouted for manual assignment",
    ]);
    expect(await holdersOf(leadId)).toHaveLength(0);
  });

  it("stores a lead that reached no buyer as unrouted, not Routed", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@route-nomatch.test", "Route NoMatch");
    // The only buyer serves far away: the lead is located but nobody may have it.
    await addBuyer(ctx, co.companyId, { zipCode: ZIP_FAR, serviceRadius: 10, allYouCanEatEnabled: true });
    const form = await createPublishedForm(ctx, co.cookie);
    const leadId = await submitLead(form.id);
    const detail = await leadDetail(ctx, co.cookie, leadId);
    expect(detail.status).toBe("unrouted");
    expect(detail.submission?.routingStatus).toBe("unrouted");
    expect(await holdersOf(leadId)).toHaveLength(0);
  });

  it("e-mails the form's routing entries whose location matches, through the e-mail service", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@route-mail.test", "Route Mail");
    const form = await createPublishedForm(ctx, co.cookie, {
      emailRouting: [
        { email: "near@route-mail.test", zipCode: ZIP_10_MILES, radius: 25 },
        { email: "far@route-mail.test", zipCode: ZIP_FAR, radius: 50 },
        { email: "denver@route-mail.test", city: "Denver", state: "CO" },
        { email: "off@route-mail.test", status: "inactive" },
      ],
    });
    const leadId = await submitLead(form.id);
    const sentTo = (
      await db().select().from(emailMessages).where(eq(emailMessages.kind, "lead_routing"))
    ).map((m) => m.toAddress);
    expect(sentTo.sort()).toEqual(["denver@route-mail.test", "near@route-mail.test"]);
    const detail = await leadDetail(ctx, co.cookie, leadId);
    const mail = detail.routingDecisions.filter((d) => d.buyer === null && /e-mailed/i.test(d.reason));
    expect(
      mail
        .filter((d) => d.outcome === "email")
        .map((d) => d.reason)
        .sort(),
    ).toEqual([
      "E-mailed to denver@route-mail.test (in Denver, CO)",
      "E-mailed to near@route-mail.test (within 10.2 mi of 80123)",
    ]);
    expect(mail.find((d) => d.reason.includes("far@"))).toMatchObject({ matched: false, outcome: "none" });
    // Routing the lead again sends nothing more.
    await routeLead(ctx.deps, leadId);
    expect(
      await db().select().from(emailMessages).where(eq(emailMessages.kind, "lead_routing")),
    ).toHaveLength(2);
  });
});
