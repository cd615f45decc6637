import { describe, expect, it } from "vitest";
import { distanceMiles } from "./geo";
import {
  emailEntryMatches,
  planDistribution,
  roundRobinOrder,
  serviceBox,
  type TRoutingBuyer,
} from "./routing";

const DENVER = { latitude: 39.7491, longitude: -104.9946 };
// 10 miles due north of Denver (1° of latitude ≈ 69.05 mi).
const NORTH_10 = { latitude: DENVER.latitude + 10 / 69.05, longitude: DENVER.longitude };

function buyer(over: Partial<TRoutingBuyer> = {}): TRoutingBuyer {
  return {
    id: "b1",
    status: "active",
    archived: false,
    isPaused: false,
    nicheId: "roofing",
    ...NORTH_10,
    serviceRadius: 25,
    allYouCanEat: false,
    prepaidRemaining: 0,
    lastServedUs: null,
    createdAt: new Date("2026-01-01T00:00:00Z"),
    leadFilters: [],
    ...over,
  };
}
const us = (day: string) => new Date(day).getTime() * 1000;

describe("roundRobinOrder", () => {
  it("serves never-served buyers first, then the least recently served", () => {
    const order = roundRobinOrder([
      buyer({ id: "a", lastServedUs: us("2026-02-02") }),
      buyer({ id: "b", lastServedUs: null, createdAt: new Date("2026-01-05") }),
      buyer({ id: "c", lastServedUs: us("2026-02-01") }),
      buyer({ id: "d", lastServedUs: null, createdAt: new Date("2026-01-02") }),
    ]).map((b) => b.id);
    expect(order).toEqual(["d", "b", "c", "a"]);
  });
  it("breaks full ties by id so every instance agrees", () => {
    expect(roundRobinOrder([buyer({ id: "z" }), buyer({ id: "m" })]).map((b) => b.id)).toEqual(["m", "z"]);
  });
});

describe("planDistribution", () => {
  const m = (over: Partial<TRoutingBuyer>) => ({ buyer: buyer(over), distanceMiles: 10 });

  it("gives full access to allowance holders in round-robin order up to the slots, previews to the rest", () => {
    const { entries } = planDistribution(
      [
        m({ id: "p1", prepaidRemaining: 3, lastServedUs: us("2026-03-01") }),
        m({ id: "p2", prepaidRemaining: 3, lastServedUs: us("2026-02-01") }),
        m({ id: "p3", prepaidRemaining: 3, lastServedUs: null }),
        m({ id: "plain" }),
      ],
      2,
    );
    const full = entries.filter((e) => e.access === "full_access").map((e) => e.buyerId);
    const previews = entries.filter((e) => e.access === "preview");
    expect(full).toEqual(["p3", "p2"]);
    expect(previews.map((e) => e.buyerId).sort()).toEqual(["p1", "plain"]);
    expect(previews.find((e) => e.buyerId === "p1")?.reason).toMatch(/sale cap reached/);
  });
  it("records how full access was obtained", () => {
    const { entries } = planDistribution(
      [m({ id: "a", allYouCanEat: true }), m({ id: "p", prepaidRemaining: 1 })],
      5,
    );
    expect(entries.map((e) => [e.buyerId, e.via])).toEqual([
      ["a", "all_you_can_eat"],
      ["p", "prepaid"],
    ]);
  });
  it("gives no full access when no slot is left", () => {
    const { entries } = planDistribution([m({ id: "a", allYouCanEat: true })], 0);
    expect(entries).toMatchObject([{ buyerId: "a", access: "preview" }]);
  });
  it("sells a duplicate to nobody", () => {
    const out = planDistribution([m({ id: "a", allYouCanEat: true }), m({ id: "b" })], 2, {
      duplicate: true,
    });
    expect(out.entries).toEqual([]);
    expect(out.skipped.map((s) => s.buyerId)).toEqual(["a", "b"]);
  });
});

describe("emailEntryMatches", () => {
  const place = { location: DENVER, zipCode: "80202", city: "Denver", state: "CO" };
  const entry = {
    email: "x@example.com",
    city: null,
    state: null,
    zipCode: null,
    radius: null,
    zipLocation: null,
  };

  it("uses the radius around the entry's zip when both are given", () => {
    expect(
      emailEntryMatches({ ...entry, zipCode: "80501", radius: 25, zipLocation: NORTH_10 }, place).matches,
    ).toBe(true);
    expect(
      emailEntryMatches({ ...entry, zipCode: "80501", radius: 5, zipLocation: NORTH_10 }, place).matches,
    ).toBe(false);
  });
  it("needs the same zip when no radius is given", () => {
    expect(emailEntryMatches({ ...entry, zipCode: "80202" }, place).matches).toBe(true);
    expect(emailEntryMatches({ ...entry, zipCode: "80203" }, place).matches).toBe(false);
  });
  it("compares city and state without case", () => {
    expect(emailEntryMatches({ ...entry, city: "denver", state: "co" }, place).matches).toBe(true);
    expect(emailEntryMatches({ ...entry, state: "NY" }, place).matches).toBe(false);
  });
  it("sends every lead to an entry naming no place", () => {
    expect(emailEntryMatches(entry, { location: null, zipCode: null, city: null, state: null }).matches).toBe(
      true,
    );
  });
});

describe("serviceBox", () => {
  it("holds every point within the radius, in every direction", () => {
    for (const radius of [1, 25, 500]) {
      const box = serviceBox(DENVER, radius);
      for (let deg = 0; deg < 360; deg += 15) {
        // Walk out from the centre until just inside the radius along this bearing.
        const rad = (deg * Math.PI) / 180;
        let step = 0;
        let p = DENVER;
        for (;;) {
          const next = {
            latitude: DENVER.latitude + ((step + 0.01) * Math.cos(rad) * radius) / 69,
            longitude: DENVER.longitude + ((step + 0.01) * Math.sin(rad) * radius) / 40,
          };
          if (distanceMiles(DENVER, next) > radius) break;
          p = next;
          step += 0.01;
        }
        expect(p.latitude).toBeGreaterThanOrEqual(box.minLat);
        expect(p.latitude).toBeLessThanOrEqual(box.maxLat);
        expect(p.longitude).toBeGreaterThanOrEqual(box.minLng);
        expect(p.longitude).toBeLessThanOrEqual(box.maxLng);
      }
    }
  });
});
