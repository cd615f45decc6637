import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buyerLeadCounters,
  buyerLeadSkips,
  buyerLeads,
  buyers,
  leadRoutingDecisions,
  leads,
} from "../src/db/schema";
import { lookupZip } from "../src/integrations/geocoding/zip-centroids";
import { previewLeadIdsOf, routeLead } from "../src/modules/lead-distribution";
import { createBuyer, createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { addBuyer, addLead, ZIP_10_MILES } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// Caps and schedules per buyer (docs/routing.md "Caps, delivery hours and pauses"). The clock is
// injected (deps.now): no test waits for real time. On PostgreSQL (TEST_DATABASE_URL) the concurrent
// routings truly overlap on separate connections.
let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;
const at = (iso: string) => ({ ...ctx.deps, now: () => new Date(iso) });

async function reasonsOf(leadId: string, buyerId: string): Promise<string[]> {
  const [row] = await db().select().from(leadRoutingDecisions).where(eq(leadRoutingDecisions.leadId, leadId));
  return (row?.reasons ?? []).filter((r) => r.buyerId === buyerId).map((r) => r.reason);
}
async function previewsOf(buyerId: string, companyId: string): Promise<string[]> {
  const rows = await db()
    .select({ id: leads.id })
    .from(leads)
    .where(sql`${leads.id} in (${previewLeadIdsOf({ buyerId, companyId })})`);
  return rows.map((r) => r.id);
}
async function counterOf(buyerId: string) {
  const [row] = await db().select().from(buyerLeadCounters).where(eq(buyerLeadCounters.buyerId, buyerId));
  return row;
}

describe("lead caps under concurrency", () => {
  it("gives a buyer with a daily cap of 3 exactly 3 of 50 leads routed at once, and skips it with the reason for the rest", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@caps-conc.test", "Caps Conc");
    const capped = await addBuyer(ctx, co.companyId, { dailyCap: 3, timeZone: "America/Denver" });
    const free = await addBuyer(ctx, co.companyId);
    const batch = await Promise.all(Array.from({ length: 50 }, () => addLead(ctx, co.companyId)));
    const ids = batch.map((l) => l.id);
    const deps = at("2026-11-25T17:00:00Z");

    await Promise.all(ids.map((id) => routeLead(deps, id)));

    expect((await counterOf(capped.id))?.dayLeads).toBe(3);
    const seen = (await previewsOf(capped.id, co.companyId)).filter((id) => ids.includes(id));
    expect(seen).toHaveLength(3);
    const skips = await db()
      .select()
      .from(buyerLeadSkips)
      .where(and(eq(buyerLeadSkips.buyerId, capped.id), inArray(buyerLeadSkips.leadId, ids)));
    expect(skips).toHaveLength(47);
    for (const s of skips) expect(await reasonsOf(s.leadId, capped.id)).toEqual(["Daily cap of 3 reached"]);
    // The buyer without caps sees every lead.
    expect((await previewsOf(free.id, co.companyId)).filter((id) => ids.includes(id))).toHaveLength(50);
  });

  it("gives a prepaid buyer with a daily cap of 2 full access to exactly 2 of 50 leads routed at once", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@caps-prepaid.test", "Caps Prepaid");
    const capped = await addBuyer(ctx, co.companyId, {
      dailyCap: 2,
      prepaidLeadsTotal: 100,
      prepaidLeadsRemaining: 100,
    });
    const batch = await Promise.all(Array.from({ length: 50 }, () => addLead(ctx, co.companyId)));
    const ids = batch.map((l) => l.id);

    await Promise.all(ids.map((id) => routeLead(at("2026-11-25T17:00:00Z"), id)));

    const full = await db()
      .select()
      .from(buyerLeads)
      .where(and(eq(buyerLeads.buyerId, capped.id), inArray(buyerLeads.leadId, ids)));
    expect(full).toHaveLength(2);
    expect((await counterOf(capped.id))?.dayLeads).toBe(2);
    expect(await previewsOf(capped.id, co.companyId)).toEqual([]);
  });
});

describe("the buyer's own day", () => {
  it("keeps a buyer in Los Angeles receiving at 23:30 local after UTC midnight, and starts its new day at its own midnight", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@caps-la.test", "Caps LA");
    const la = await addBuyer(ctx, co.companyId, { dailyCap: 2, timeZone: "America/Los_Angeles" });
    const route = async (iso: string) => {
      const lead = await addLead(ctx, co.companyId);
      await routeLead(at(iso), lead.id);
      return lead.id;
    };
    const noon = await route("2026-11-24T20:00:00Z"); // 12:00 PM on Nov 24 in Los Angeles
    const late = await route("2026-11-25T07:30:00Z"); // 11:30 PM on Nov 24 there; Nov 25 in UTC
    const later = await route("2026-11-25T07:45:00Z"); // 11:45 PM: its third lead of Nov 24
    const next = await route("2026-11-25T08:00:00Z"); // midnight in Los Angeles: a new day

    expect((await previewsOf(la.id, co.companyId)).sort()).toEqual([noon, late, next].sort());
    expect(await reasonsOf(later, la.id)).toEqual(["Daily cap of 2 reached"]);
    const counter = await counterOf(la.id);
    expect(counter?.day).toBe("2026-11-25");
    expect(counter?.dayLeads).toBe(1);
    // Its week starts Monday (Nov 23) and its month on the 1st, in its zone.
    expect(counter?.week).toBe("2026-11-23");
    expect(counter?.month).toBe("2026-11-01");
  });

  it("holds weekly and monthly caps across days", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@caps-week.test", "Caps Week");
    const weekly = await addBuyer(ctx, co.companyId, { weeklyCap: 2, timeZone: "America/New_York" });
    const monthly = await addBuyer(ctx, co.companyId, { monthlyCap: 3, timeZone: "America/New_York" });
    const days = [
      "2026-11-23T15:00:00Z",
      "2026-11-24T15:00:00Z",
      "2026-11-25T15:00:00Z",
      "2026-11-30T15:00:00Z",
    ];
    const routed: string[] = [];
    for (const day of days) {
      const lead = await addLead(ctx, co.companyId);
      await routeLead(at(day), lead.id);
      routed.push(lead.id);
    }
    expect(await reasonsOf(routed[2]!, weekly.id)).toEqual(["Weekly cap of 2 reached"]);
    // Monday Nov 30 is a new week.
    expect((await previewsOf(weekly.id, co.companyId)).sort()).toEqual(
      [routed[0], routed[1], routed[3]].sort(),
    );
    expect(await reasonsOf(routed[3]!, monthly.id)).toEqual(["Monthly cap of 3 reached"]);
  });
});

describe("delivery hours and dated pauses", () => {
  const WEEKDAYS_8_TO_6 = [...Array.from({ length: 5 }, () => ({ from: 8 * 60, to: 18 * 60 })), null, null];

  it("skips a buyer outside its delivery hours with when it opens, and never shows it that lead", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@caps-hours.test", "Caps Hours");
    const buyer = await addBuyer(ctx, co.companyId, {
      timeZone: "America/New_York",
      deliveryHours: WEEKDAYS_8_TO_6,
    });
    const early = await addLead(ctx, co.companyId);
    await routeLead(at("2026-11-25T11:00:00Z"), early.id); // Wednesday 6:00 AM in New York
    const saturday = await addLead(ctx, co.companyId);
    await routeLead(at("2026-11-28T17:00:00Z"), saturday.id); // Saturday noon
    const open = await addLead(ctx, co.companyId);
    await routeLead(at("2026-11-25T15:00:00Z"), open.id); // Wednesday 10:00 AM

    expect(await reasonsOf(early.id, buyer.id)).toEqual(["Outside delivery hours: opens 8:00 AM"]);
    expect(await reasonsOf(saturday.id, buyer.id)).toEqual(["Outside delivery hours: opens Monday 8:00 AM"]);
    expect(await previewsOf(buyer.id, co.companyId)).toEqual([open.id]);
  });

  it("skips a buyer paused until a date, naming it in the buyer's zone, and takes it back after", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@caps-pause.test", "Caps Pause");
    const buyer = await addBuyer(ctx, co.companyId, {
      timeZone: "America/New_York",
      pausedUntil: new Date("2026-12-01T14:00:00Z"), // Dec 1, 9:00 AM in New York
    });
    const during = await addLead(ctx, co.companyId);
    await routeLead(at("2026-11-25T15:00:00Z"), during.id);
    expect(await reasonsOf(during.id, buyer.id)).toEqual(["Paused until Dec 1, 9:00 AM"]);
    const after = await addLead(ctx, co.companyId);
    await routeLead(at("2026-12-01T14:00:00Z"), after.id);
    expect(await reasonsOf(after.id, buyer.id)).toEqual([]);
  });
});

describe("the daily spend cap at purchase", () => {
  it("refuses, with the cap in words, a purchase that would go over it, and charges nothing; of two at once only one fits", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@caps-spend.test", "Caps Spend");
    const email = "spender@caps.test";
    const userId = await createUser(ctx, email);
    const buyer = await createBuyer(ctx, {
      companyId: co.companyId,
      userId,
      email,
      credits: 100,
      costPerLead: 6,
    });
    const place = lookupZip(ZIP_10_MILES)!;
    await db()
      .update(buyers)
      .set({ latitude: place.latitude, longitude: place.longitude, serviceRadius: 25, spendCapCredits: 15 })
      .where(eq(buyers.id, buyer.id));
    const cookie = await signInBuyer(ctx, email);
    const routed = [];
    for (let i = 0; i < 3; i++) {
      const lead = await addLead(ctx, co.companyId);
      await routeLead(ctx.deps, lead.id);
      routed.push(lead.id);
    }
    const buy = (leadId: string) =>
      ctx.request("/api/purchases", {
        method: "POST",
        cookie,
        json: { leadId, idempotencyKey: `spend-${leadId}` },
      });

    const first = await buy(routed[0]!);
    expect(first.status).toBe(200);
    const spent = ((await first.json()) as { creditsSpent: number }).creditsSpent;
    expect(spent).toBe(6);

    // Two more at once: one fits under the cap of 15, the other would make 18.
    const [a, b] = await Promise.all([buy(routed[1]!), buy(routed[2]!)]);
    expect([a, b].map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = [a, b].filter((r) => r.status === 409);
    const body = (await refused[0]!.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("SPEND_CAP_REACHED");
    expect(body.error.message).toBe(
      `This purchase of ${spent} credits would go over your daily spend cap of 15 credits (12 spent today). Try again tomorrow, or ask the company to raise your cap.`,
    );
    const [after] = await db().select().from(buyers).where(eq(buyers.id, buyer.id));
    expect(after?.creditBalance).toBe(100 - 12);
    expect((await counterOf(buyer.id))?.spentCredits).toBe(12);
  });
});

describe("caps and pause through the API", () => {
  it("lets the company set caps and hours with a PATCH that changes only those fields, refusing bad ones by name; another company gets 404", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@caps-api.test", "Caps Api");
    const other = await createCompanyWithOwner(ctx, "owner@caps-api-other.test", "Caps Api Other");
    const buyer = await addBuyer(ctx, co.companyId, { contactName: "Kept Name" });
    const hours = [{ from: 480, to: 1080 }, null, null, null, null, null, null];
    const res = await ctx.request(`/api/buyers/${buyer.id}`, {
      method: "PATCH",
      cookie: co.cookie,
      json: { dailyCap: 20, spendCapCredits: 500, timeZone: "America/Los_Angeles", deliveryHours: hours },
    });
    expect(res.status).toBe(200);
    const saved = ((await res.json()) as { buyer: Record<string, unknown> }).buyer;
    expect(saved).toMatchObject({
      dailyCap: 20,
      weeklyCap: null,
      spendCapCredits: 500,
      contactName: "Kept Name",
    });
    expect(saved.deliveryHours).toEqual(hours);

    const bad = await ctx.request(`/api/buyers/${buyer.id}`, {
      method: "PATCH",
      cookie: co.cookie,
      json: { dailyCap: -1, timeZone: "Mars/Olympus" },
    });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields.dailyCap?.[0]).toContain("Daily cap");
    expect(body.error.fields.timeZone?.[0]).toContain("Time zone");

    const foreign = await ctx.request(`/api/buyers/${buyer.id}`, {
      method: "PATCH",
      cookie: other.cookie,
      json: { dailyCap: 1 },
    });
    expect(foreign.status).toBe(404);
    const [after] = await db().select().from(buyers).where(eq(buyers.id, buyer.id));
    expect(after?.dailyCap).toBe(20);
  });

  it("lets a buyer pause itself from the portal until a date or indefinitely, and resume; routing follows", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@caps-portal.test", "Caps Portal");
    const email = "pauser@caps.test";
    const userId = await createUser(ctx, email);
    const buyer = await createBuyer(ctx, { companyId: co.companyId, userId, email });
    const place = lookupZip(ZIP_10_MILES)!;
    await db()
      .update(buyers)
      .set({ latitude: place.latitude, longitude: place.longitude, serviceRadius: 25, dailyCap: 20 })
      .where(eq(buyers.id, buyer.id));
    const cookie = await signInBuyer(ctx, email);

    const past = await ctx.request("/api/buyer-portal/pause", {
      method: "POST",
      cookie,
      json: { until: "2020-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(422);

    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const paused = await ctx.request("/api/buyer-portal/pause", { method: "POST", cookie, json: { until } });
    expect(paused.status).toBe(200);
    const p = (await paused.json()) as {
      message: string;
      usage: { pausedNow: boolean; pausedUntil: string };
    };
    expect(p.message).toBe("Leads paused");
    expect(p.usage.pausedNow).toBe(true);
    expect(new Date(p.usage.pausedUntil).toISOString()).toBe(until);
    const skipped = await addLead(ctx, co.companyId);
    await routeLead(ctx.deps, skipped.id);
    expect((await reasonsOf(skipped.id, buyer.id))[0]).toMatch(/^Paused until /);

    const forever = await ctx.request("/api/buyer-portal/pause", {
      method: "POST",
      cookie,
      json: { until: null },
    });
    expect(((await forever.json()) as { usage: { isPaused: boolean } }).usage.isPaused).toBe(true);

    const resumed = await ctx.request("/api/buyer-portal/resume", { method: "POST", cookie });
    expect(resumed.status).toBe(200);
    const r = (await resumed.json()) as { message: string; usage: { pausedNow: boolean; pausedUntil: null } };
    expect(r).toMatchObject({ message: "Leads resumed", usage: { pausedNow: false, pausedUntil: null } });
    const received = await addLead(ctx, co.companyId);
    await routeLead(ctx.deps, received.id);
    const usage = await ctx.request("/api/buyer-portal/caps", { cookie });
    expect((await usage.json()) as { today: { leads: number }; dailyCap: number }).toMatchObject({
      today: { leads: 1 },
      dailyCap: 20,
    });
  });
});
