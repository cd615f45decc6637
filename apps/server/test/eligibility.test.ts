import { readFileSync } from "node:fs";
import type { TRoutingBuyer } from "@leadpost/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ELIGIBILITY_RULES,
  evaluateBuyer,
  receivesLeadsSinceFunctionBody,
} from "../src/modules/lead-distribution/decide/eligibility";
import { createTestContext, type TTestContext } from "./helpers/test-app";

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
const lead = { ...DENVER, nicheId: "roofing", answers: [] };

describe("evaluateBuyer", () => {
  it("matches within the radius and reports the distance", () => {
    const r = evaluateBuyer(buyer(), lead, null);
    expect(r).toMatchObject({ eligible: true, code: "matched", reason: "Matched" });
    expect(r.distanceMiles).toBeGreaterThan(9.9);
    expect(r.distanceMiles).toBeLessThan(10.1);
  });
  it("refuses a buyer whose radius is smaller than the distance, saying how far", () => {
    expect(evaluateBuyer(buyer({ serviceRadius: 5 }), lead, null)).toMatchObject({
      eligible: false,
      code: "distance",
      reason: "Outside service radius (10 mi, radius 5 mi)",
    });
  });
  it("refuses inactive, pending, archived and paused buyers, first failing rule first", () => {
    expect(evaluateBuyer(buyer({ status: "inactive" }), lead, null)).toMatchObject({
      code: "status",
      reason: "Buyer is inactive",
    });
    expect(evaluateBuyer(buyer({ status: "pending" }), lead, null).reason).toBe("Buyer is pending");
    expect(evaluateBuyer(buyer({ archived: true, status: "inactive" }), lead, null)).toMatchObject({
      code: "archived",
      reason: "Buyer is archived",
    });
    expect(evaluateBuyer(buyer({ isPaused: true }), lead, null)).toMatchObject({
      code: "paused",
      reason: "Buyer is paused",
    });
  });
  it("needs the form's niche only when the form has one", () => {
    expect(evaluateBuyer(buyer({ nicheId: "hvac" }), lead, null)).toMatchObject({
      code: "niche",
      reason: "Buyer serves a different niche",
    });
    expect(evaluateBuyer(buyer({ nicheId: null }), lead, null).code).toBe("niche");
    expect(evaluateBuyer(buyer({ nicheId: "hvac" }), { ...lead, nicheId: null }, null).eligible).toBe(true);
  });
  it("needs the form's buyer list only when the form has one", () => {
    expect(evaluateBuyer(buyer(), lead, new Set(["other"]))).toMatchObject({
      code: "list",
      reason: "Not in the form's buyer list",
    });
    expect(evaluateBuyer(buyer(), lead, new Set(["b1"])).eligible).toBe(true);
  });
  it("cannot match a buyer without a location", () => {
    expect(evaluateBuyer(buyer({ latitude: null, longitude: null }), lead, null)).toMatchObject({
      eligible: false,
      code: "no_location",
      reason: "Buyer has no service location",
      distanceMiles: null,
    });
  });
  it("keeps one rule per code, in the order the reasons are decided", () => {
    expect(ELIGIBILITY_RULES.map((r) => r.code)).toEqual([
      "archived",
      "status",
      "paused",
      "list",
      "niche",
      "no_location",
      "distance",
      "filter",
      "paused_until",
      "hours",
      "daily_cap",
      "weekly_cap",
      "monthly_cap",
      "spend_cap",
    ]);
  });
  it("turns a buyer down when its filters on the answers fail, with the filter in words", () => {
    const answers = [
      { fieldId: "service", label: "Service needed", type: "select", value: "Gutters" },
      { fieldId: "owner", label: "Home owner", type: "radio", value: "Yes" },
    ];
    const wants = buyer({
      leadFilters: [{ fieldId: "service", operator: "one_of", values: ["Roof repair", "Roof replacement"] }],
    });
    expect(evaluateBuyer(wants, { ...lead, answers }, null)).toMatchObject({
      eligible: false,
      code: "filter",
      reason: "Filter: Service needed is not Roof repair or Roof replacement",
    });
    const owners = buyer({ leadFilters: [{ fieldId: "owner", operator: "is", values: ["Yes"] }] });
    expect(evaluateBuyer(owners, { ...lead, answers }, null).eligible).toBe(true);
    const notOwners = buyer({ leadFilters: [{ fieldId: "owner", operator: "is_not", values: ["Yes"] }] });
    expect(evaluateBuyer(notOwners, { ...lead, answers }, null).reason).toBe("Filter: Home owner is Yes");
    // A form that does not ask the question: the filter does not apply.
    expect(evaluateBuyer(wants, lead, null).eligible).toBe(true);
  });
});

describe("the receives_leads_since trigger is the eligibility's account rules", () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 120_000);
  afterAll(() => ctx.close());

  it("installs exactly the function body the definition yields", async () => {
    const result = await ctx.database.db.execute(
      sql`select prosrc from pg_proc where proname = 'leadpost_buyer_receives_leads_since'`,
    );
    const rows = (result as { rows: { prosrc: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.prosrc).toBe(receivesLeadsSinceFunctionBody());
  });

  it("is written out in its function file as the definition yields it", () => {
    const source = readFileSync(
      new URL("../db/functions/leadpost_buyer_receives_leads_since.sql", import.meta.url),
      "utf8",
    );
    expect(source).toContain(`AS $$${receivesLeadsSinceFunctionBody()}$$;`);
  });
});
