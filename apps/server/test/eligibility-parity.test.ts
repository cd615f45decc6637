import {
  isLeadFilter,
  periodStarts,
  type TBuyerCounts,
  type TDeliveryHours,
  type TLeadAnswer,
  type TLeadFilter,
  type TRoutingBuyer,
} from "@leadpost/shared";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buyerLeadCounters,
  buyerLeadSkips,
  buyers,
  formBuyers,
  forms,
  leads,
  niches,
} from "../src/db/schema";
import { leadPreviewBuyers, previewLeadIdsOf } from "../src/modules/lead-distribution";
import { findCandidates } from "../src/modules/lead-distribution/decide/candidates";
import { skippedAtRouting } from "../src/modules/lead-distribution/decide/cap-routing";
import {
  ELIGIBILITY_RULES,
  evaluateBuyer,
  type TSkipCode,
} from "../src/modules/lead-distribution/decide/eligibility";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// Buyer eligibility is defined once (decide/eligibility.ts) and yields three checks: the TypeScript
// one routing decides with, the candidate statement's SQL, and the derived-preview rule's SQL (read
// by lead, through the buyers' service-area index, and by buyer, through the leads' location index).
// Over generated buyers and leads, every pair must get the same answer from all of them.

const BUYERS = 90;
const LEADS = 60;
const DENVER = { latitude: 39.7491, longitude: -104.9946 };
/** The moment every check decides at (caps and delivery hours read the buyer's clock at it). */
const NOW = new Date();
const ZONES = ["America/Los_Angeles", "America/New_York", "Asia/Tokyo", "UTC"] as const;

/** mulberry32: the same buyers and leads on every run, so a failure can be reproduced. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

/** A weekly schedule: most days a window of a few hours, some days closed. */
function hoursOf(rnd: ReturnType<typeof generator>): TDeliveryHours {
  return Array.from({ length: 7 }, () => {
    if (rnd.chance(0.25)) return null;
    const from = rnd.int(0, 20) * 60 + rnd.pick([0, 30]);
    return { from, to: Math.min(1440, from + rnd.int(1, 10) * 60) };
  });
}

function limitOf(rnd: ReturnType<typeof generator>, kind: string) {
  return {
    dailyCap: kind === "daily" ? rnd.int(0, 4) : null,
    weeklyCap: kind === "weekly" ? rnd.int(0, 8) : null,
    monthlyCap: kind === "monthly" ? rnd.int(0, 12) : null,
    spendCapCredits: kind === "spend" ? rnd.int(0, 60) : null,
    deliveryHours: kind === "hours" ? hoursOf(rnd) : null,
    pausedUntil: kind === "paused" ? new Date(NOW.getTime() + rnd.int(-3, 3) * 86_400_000 + 3_600_000) : null,
  };
}

/** The form fields the generated answers and filters share: texts, choices, a lone checkbox, a number. */
const FIELDS = {
  service: ["Roof repair", "Roof replacement", "Gutters"],
  owner: ["Yes", "No"],
  extras: ["Skylight", "Chimney", "Solar"],
  agree: ["true", "false"],
  rooms: ["1", "2", "3"],
} as const;
type TGen = ReturnType<typeof generator>;

/** One to three filters of any operator, on fields a lead may or may not answer. */
function filtersOf(g: TGen): TLeadFilter[] {
  return Array.from({ length: g.int(1, 3) }, () => {
    const fieldId = g.pick(Object.keys(FIELDS) as (keyof typeof FIELDS)[]);
    const options = FIELDS[fieldId];
    return {
      fieldId,
      operator: g.pick(["is", "is_not", "one_of"] as const),
      values: options.filter(() => g.chance(0.5)).slice(0, g.int(1, 3)),
    };
  });
}

/** A lead's answers: each field asked or not, as a text, a list, a yes/no, a number or null. */
function answersOf(g: TGen): TLeadAnswer[] {
  const out: TLeadAnswer[] = [];
  if (g.chance(0.8))
    out.push({ fieldId: "service", type: "select", label: "Service needed", value: g.pick(FIELDS.service) });
  if (g.chance(0.7))
    out.push({
      fieldId: "owner",
      type: "radio",
      label: "Home owner",
      value: g.chance(0.1) ? null : g.pick(FIELDS.owner),
    });
  if (g.chance(0.6)) {
    out.push({
      fieldId: "extras",
      type: "checkbox",
      label: "Extras",
      value: FIELDS.extras.filter(() => g.chance(0.4)),
    });
  }
  if (g.chance(0.5)) out.push({ fieldId: "agree", type: "checkbox", label: "I agree", value: g.chance(0.5) });
  if (g.chance(0.5)) out.push({ fieldId: "rooms", type: "text", label: "Rooms", value: g.int(1, 3) });
  // A second answer to a field counts for nothing: the first one is read.
  if (g.chance(0.1))
    out.push({ fieldId: "service", type: "select", label: "Service needed", value: "Gutters" });
  return out;
}

let ctx: TTestContext;
let companyId: string;
const pairs = { ts: new Set<string>(), codes: new Map<TSkipCode | "matched", number>() };
const results = { candidates: new Set<string>(), byLead: new Set<string>(), byBuyer: new Set<string>() };

beforeAll(async () => {
  ctx = await createTestContext();
  const co = await createCompanyWithOwner(ctx, "owner@parity.test", "Parity Co");
  companyId = co.companyId;
  const db = ctx.database.db;
  const rnd = generator(2027);
  // The answers and filters from a generator of their own, so the other draws stay as they were.
  const frnd = generator(4049);

  const nicheRows = await db
    .insert(niches)
    .values([
      { companyId, name: "Parity gutters" },
      { companyId, name: "Parity siding" },
    ])
    .returning({ id: niches.id });
  const nicheIds = nicheRows.map((n) => n.id);
  const place = (spread: number) => ({
    latitude: DENVER.latitude + (rnd.next() - 0.5) * 2 * spread,
    longitude: DENVER.longitude + (rnd.next() - 0.5) * 2.5 * spread,
  });

  // Buyers: every state the rules read, and some that changed after they were first active (their
  // receives_leads_since is set, their state no longer lets them receive leads).
  const buyerValues = Array.from({ length: BUYERS }, (_, i) => {
    const located = rnd.chance(0.92);
    const total = rnd.int(0, 5);
    return {
      companyId,
      email: `parity-buyer-${i}@example.com`,
      contactName: `Parity Buyer ${i}`,
      status: rnd.pick(["active", "active", "active", "active", "pending", "inactive"] as const),
      isPaused: rnd.chance(0.15),
      nicheId: rnd.chance(0.2) ? null : rnd.pick(nicheIds),
      ...(located ? place(1.2) : { latitude: null, longitude: null }),
      serviceRadius: rnd.int(1, 120),
      allYouCanEatEnabled: rnd.chance(0.2),
      prepaidLeadsTotal: total,
      prepaidLeadsRemaining: rnd.int(0, total),
      creditBalance: rnd.int(0, 50),
      deletedAt: rnd.chance(0.1) ? new Date() : null,
      // Caps and schedules: each buyer one kind of limit or none (some at or over a cap, some closed
      // now, some paused for days), so every rule is the first to fail for some pairs.
      timeZone: rnd.pick(ZONES),
      ...limitOf(rnd, rnd.pick(["none", "none", "daily", "weekly", "monthly", "spend", "hours", "paused"])),
      leadFilters: frnd.chance(0.35) ? filtersOf(frnd) : [],
    };
  });
  const inserted = await db.insert(buyers).values(buyerValues).returning({ id: buyers.id });
  const buyerIds = inserted.map((b) => b.id);
  // Counters: this period's (near or at the caps) or an older one's (which counts as nothing).
  const counters = new Map<string, TBuyerCounts>();
  for (const [i, id] of buyerIds.entries()) {
    if (!rnd.chance(0.7)) continue;
    const p = periodStarts(NOW, buyerValues[i]!.timeZone);
    const old = rnd.chance(0.25);
    const k: TBuyerCounts = {
      day: old ? "2020-01-01" : p.day,
      dayLeads: rnd.int(0, 5),
      week: old ? "2019-12-30" : p.week,
      weekLeads: rnd.int(0, 9),
      month: old ? "2020-01-01" : p.month,
      monthLeads: rnd.int(0, 13),
      spendDay: old ? "2020-01-01" : p.day,
      spentCredits: rnd.int(0, 70),
    };
    counters.set(id, k);
    await db.insert(buyerLeadCounters).values({ buyerId: id, companyId, ...k });
  }
  const later = buyerIds.filter(() => rnd.chance(0.15));
  for (const id of later) {
    const change = rnd.pick([
      { status: "inactive" as const },
      { status: "pending" as const },
      { deletedAt: new Date() },
    ]);
    await db.update(buyers).set(change).where(eq(buyers.id, id));
  }

  // Two forms of the same company: one with a buyer list (about 40 % of the buyers), one without.
  const [listed, open] = await db
    .insert(forms)
    .values([
      { companyId, title: "Listed" },
      { companyId, title: "Open" },
    ])
    .returning({ id: forms.id });
  const listIds = buyerIds.filter(() => rnd.chance(0.4));
  await db.insert(formBuyers).values(listIds.map((buyerId) => ({ companyId, formId: listed!.id, buyerId })));

  // Leads routed after every buyer became active (routed_at in the future of the inserts).
  const routedAt = new Date(Date.now() + 60_000);
  const leadValues = Array.from({ length: LEADS }, () => {
    const withList = rnd.chance(0.35);
    return {
      companyId,
      formId: withList ? listed!.id : open!.id,
      source: "form" as const,
      nicheId: rnd.chance(0.25) ? null : rnd.pick(nicheIds),
      ...place(1.3),
      status: "routed" as const,
      routedAt,
      answers: answersOf(frnd),
    };
  });
  const leadRows = await db.insert(leads).values(leadValues).returning();

  // The buyers as stored (the TypeScript check reads what the SQL reads).
  const stored = await db.select().from(buyers).where(inArray(buyers.id, buyerIds));
  const routingBuyers: TRoutingBuyer[] = stored.map((b) => ({
    id: b.id,
    status: b.status,
    archived: b.deletedAt !== null,
    isPaused: b.isPaused,
    nicheId: b.nicheId,
    latitude: b.latitude,
    longitude: b.longitude,
    serviceRadius: b.serviceRadius,
    allYouCanEat: b.allYouCanEatEnabled,
    prepaidRemaining: b.prepaidLeadsRemaining,
    lastServedUs: null,
    createdAt: b.createdAt,
    leadFilters: Array.isArray(b.leadFilters) ? b.leadFilters.filter(isLeadFilter) : [],
  }));
  const capFacts = new Map(
    stored.map((b) => [
      b.id,
      {
        now: NOW,
        limits: {
          timeZone: b.timeZone,
          dailyCap: b.dailyCap,
          weeklyCap: b.weeklyCap,
          monthlyCap: b.monthlyCap,
          spendCap: b.spendCapCredits,
          deliveryHours: b.deliveryHours,
          pausedUntil: b.pausedUntil,
        },
        counts: counters.get(b.id) ?? null,
      },
    ]),
  );
  const listSet = new Set(listIds);

  for (const [i, lead] of leadRows.entries()) {
    const location = { latitude: lead.latitude!, longitude: lead.longitude! };
    const list = lead.formId === listed!.id ? listSet : null;
    for (const buyer of routingBuyers) {
      const result = evaluateBuyer(
        buyer,
        { ...location, nicheId: lead.nicheId, answers: lead.answers },
        list,
        capFacts.get(buyer.id),
      );
      pairs.codes.set(result.code, (pairs.codes.get(result.code) ?? 0) + 1);
      if (result.eligible) pairs.ts.add(`${lead.id}:${buyer.id}`);
      // What routing stores for a rule decided at its moment (a cap, delivery hours): the preview rule
      // reads these back instead of the counters of the moment it is read.
      if (skippedAtRouting(result.code)) {
        await db
          .insert(buyerLeadSkips)
          .values({ buyerId: buyer.id, leadId: lead.id, companyId, code: result.code });
      }
    }
    // The candidate statement as routing runs it (every other lead with the allowance holders locked),
    // asked for every matching buyer (a duplicate lead's candidates include them all).
    const found = await db.transaction((tx) =>
      findCandidates(
        tx,
        { companyId, ...location, nicheId: lead.nicheId, answers: lead.answers },
        list ? [...list] : [],
        {
          lockAllowanceHolders: i % 2 === 0,
          duplicate: true,
          now: NOW,
        },
      ),
    );
    for (const c of found.candidates) if (c.eligibleInSql) results.candidates.add(`${lead.id}:${c.id}`);
    for (const p of await leadPreviewBuyers(db, lead)) results.byLead.add(`${lead.id}:${p.buyerId}`);
  }
  for (const buyerId of buyerIds) {
    const rows = await db
      .select({ id: leads.id })
      .from(leads)
      .where(sql`${leads.id} in (${previewLeadIdsOf({ buyerId, companyId })})`);
    for (const r of rows) results.byBuyer.add(`${r.id}:${buyerId}`);
  }
}, 300_000);

afterAll(() => ctx.close());

const sorted = (set: ReadonlySet<string>) => [...set].sort();

describe("buyer eligibility: TypeScript and SQL agree", () => {
  it("generates pairs that every rule decides, matched and not", () => {
    // Each rule turns some pair down (so a broken rule on either side shows), and many pairs match.
    for (const { code } of ELIGIBILITY_RULES) {
      expect(pairs.codes.get(code) ?? 0, `${code} ${JSON.stringify([...pairs.codes])}`).toBeGreaterThan(0);
    }
    expect(pairs.ts.size).toBeGreaterThan(100);
    expect(pairs.ts.size).toBeLessThan(BUYERS * LEADS - 1000);
  });

  it("the candidate statement matches exactly the pairs the TypeScript check matches", () => {
    expect(sorted(results.candidates)).toEqual(sorted(pairs.ts));
  });

  it("the derived-preview rule, read by lead, matches exactly the same pairs", () => {
    expect(sorted(results.byLead)).toEqual(sorted(pairs.ts));
  });

  it("the derived-preview rule, read by buyer, matches exactly the same pairs", () => {
    expect(sorted(results.byBuyer)).toEqual(sorted(pairs.ts));
  });
});
