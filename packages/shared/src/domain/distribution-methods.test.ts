import { describe, expect, it } from "vitest";
import {
  planByMethod,
  planHighestPrice,
  type TMethodBuyer,
  type TMethodSettings,
  type TRankedBuyer,
  weightedOrder,
} from "./distribution-methods";
import { planDistribution, type TRoutingBuyer } from "./routing";

function m(id: string, over: Partial<TRoutingBuyer> = {}, extra: Partial<TMethodBuyer> = {}): TMethodBuyer {
  return {
    buyer: {
      id,
      status: "active",
      archived: false,
      isPaused: false,
      nicheId: "roofing",
      latitude: 39.8,
      longitude: -105,
      serviceRadius: 25,
      allYouCanEat: true,
      prepaidRemaining: 0,
      lastServedUs: null,
      createdAt: new Date("2026-01-01T00:00:00Z"),
      leadFilters: [],
      ...over,
    },
    distanceMiles: 3,
    name: `Buyer ${id}`,
    creditBalance: 100,
    ...extra,
  };
}
const rank = (buyerId: string, position: number, weight = 0, served = 0): TRankedBuyer => ({
  buyerId,
  name: `Buyer ${buyerId}`,
  position,
  weight,
  served,
});
const settings = (over: Partial<TMethodSettings>): TMethodSettings => ({
  method: "round_robin",
  ranked: [],
  bids: new Map(),
  ...over,
});
const full = (plan: { entries: { buyerId: string; access: string }[] }) =>
  plan.entries.filter((e) => e.access === "full_access").map((e) => e.buyerId);

describe("round robin", () => {
  it("is planDistribution itself", () => {
    const matched = [
      m("a", { lastServedUs: 5 }),
      m("b", { lastServedUs: 1 }),
      m("c", { allYouCanEat: false }),
    ];
    expect(planByMethod(matched, 1, settings({}))).toEqual(planDistribution(matched, 1));
  });
});

describe("priority", () => {
  it("serves the company's order, explains who ranked higher and why, unranked after in round robin", () => {
    // a was served long ago (round robin would pick it first); priority puts b first.
    const matched = [
      m("a", { lastServedUs: 1 }),
      m("b", { lastServedUs: 9 }),
      m("c", { allYouCanEat: false }),
    ];
    const s = settings({ method: "priority", ranked: [rank("x", 1), rank("b", 2), rank("c", 3)] });
    const plan = planByMethod(matched, 2, s, { notMatched: new Map([["x", "Daily cap of 20 reached"]]) });
    expect(full(plan)).toEqual(["b", "a"]);
    expect(plan.entries[0]?.reason).toBe(
      "Priority 2: Buyer b; priority 1 (Buyer x): Daily cap of 20 reached (full access, all-you-can-eat: 3 mi, radius 25 mi)",
    );
    expect(plan.entries[1]?.reason).toMatch(/^Priority: Buyer a \(not ranked, round robin\)/);
    // c holds no allowance: a preview, as under round robin.
    expect(plan.entries.find((e) => e.buyerId === "c")).toMatchObject({ access: "preview" });
  });
  it("an exclusive lead goes to the first eligible only", () => {
    const s = settings({ method: "priority", ranked: [rank("b", 1), rank("a", 2)] });
    expect(full(planByMethod([m("a"), m("b")], 1, s))).toEqual(["b"]);
  });
});

describe("weighted", () => {
  it("serves the least served relative to weight; ties by the larger weight", () => {
    const ranked = [rank("a", 1, 60, 6), rank("b", 2, 40, 3)];
    // a: 6/60 = 0.1, b: 3/40 = 0.075 → b first.
    expect(weightedOrder([m("a"), m("b")], ranked).map((x) => x.buyer.id)).toEqual(["b", "a"]);
    const tie = [rank("a", 1, 60, 0), rank("b", 2, 40, 0)];
    expect(weightedOrder([m("b"), m("a")], tie).map((x) => x.buyer.id)).toEqual(["a", "b"]);
  });
  it("keeps the shares over many leads when the counts move", () => {
    const ranked = [rank("a", 1, 60), rank("b", 2, 40)];
    const counts = new Map([
      ["a", 0],
      ["b", 0],
    ]);
    for (let i = 0; i < 100; i++) {
      const now = ranked.map((r) => ({ ...r, served: counts.get(r.buyerId) ?? 0 }));
      const [taker] = full(planByMethod([m("a"), m("b")], 1, settings({ method: "weighted", ranked: now })));
      counts.set(taker ?? "", (counts.get(taker ?? "") ?? 0) + 1);
    }
    expect(counts.get("a")).toBe(60);
    expect(counts.get("b")).toBe(40);
  });
  it("explains the share", () => {
    const plan = planByMethod(
      [m("a")],
      1,
      settings({ method: "weighted", ranked: [rank("a", 1, 60), rank("b", 2, 40)] }),
    );
    expect(plan.entries[0]?.reason).toMatch(/^Weighted: Buyer a \(share 60%, 0 served before\)/);
  });
});

describe("highest price", () => {
  const bids = new Map([
    ["a", 30],
    ["b", 45],
    ["c", 45],
  ]);
  const credit = (id: string, balance = 100) => m(id, { allYouCanEat: false }, { creditBalance: balance });
  it("an exclusive lead goes to the top bid; ties by the priority order", async () => {
    const s = settings({ method: "highest_price", bids, ranked: [rank("c", 1), rank("b", 2)] });
    const paid: string[] = [];
    const plan = await planHighestPrice([credit("a"), credit("b"), credit("c")], 1, s, async (x, credits) => {
      paid.push(`${x.buyer.id}:${credits}`);
      return true;
    });
    expect(full(plan)).toEqual(["c"]);
    expect(paid).toEqual(["c:45"]);
    expect(plan.entries[0]).toMatchObject({
      bid: 45,
      reason: "Highest price: 45 credits from Buyer c (3 mi, radius 25 mi)",
    });
    expect(plan.entries.find((e) => e.buyerId === "b")?.reason).toBe(
      "Preview: outbid at 45 credits (3 mi, radius 25 mi)",
    );
  });
  it("a shared lead goes to the top bids up to the cap; a bid the balance cannot pay falls to the next", async () => {
    const s = settings({ method: "highest_price", bids });
    const plan = await planHighestPrice([credit("a"), credit("b", 10), credit("c")], 2, s, async () => true);
    expect(full(plan)).toEqual(["c", "a"]);
    expect(plan.entries.find((e) => e.buyerId === "b")?.reason).toMatch(
      /^Preview: bid of 45 credits, balance 10/,
    );
  });
  it("slots left after the bids go to the allowance holders, priority order then round robin", async () => {
    const s = settings({ method: "highest_price", bids: new Map([["a", 20]]) });
    const plan = await planHighestPrice([credit("a"), m("h")], 2, s, async () => true);
    expect(full(plan)).toEqual(["a", "h"]);
    expect(plan.entries[1]?.reason).toMatch(/^Highest price fallback: Buyer h/);
  });
  it("a payment refused (credits expired) passes to the next bidder", async () => {
    const s = settings({ method: "highest_price", bids });
    const plan = await planHighestPrice([credit("a"), credit("b")], 1, s, async (x) => x.buyer.id !== "b");
    expect(full(plan)).toEqual(["a"]);
  });
});
