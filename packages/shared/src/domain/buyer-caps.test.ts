import { describe, expect, it } from "vitest";
import { currentCounts, localClock, periodStarts, withinDeliveryHours } from "./buyer-caps";

describe("localClock", () => {
  it("reads each zone's own wall clock at one instant, asked in any order", () => {
    const now = new Date("2026-11-30T03:30:00Z"); // Monday 03:30 UTC
    expect(localClock(now, "America/New_York")).toEqual({
      date: "2026-11-29",
      weekday: 6,
      minute: 22 * 60 + 30,
    });
    expect(localClock(now, "Asia/Tokyo")).toEqual({ date: "2026-11-30", weekday: 0, minute: 12 * 60 + 30 });
    expect(localClock(now, "America/New_York").date).toBe("2026-11-29");
  });

  it("reads the clock anew for another instant, also one a minute later in the same zone", () => {
    const zone = "America/Chicago";
    expect(localClock(new Date("2026-03-08T07:59:00Z"), zone).minute).toBe(1 * 60 + 59);
    // The change to daylight time: 2:00 becomes 3:00.
    expect(localClock(new Date("2026-03-08T08:00:00Z"), zone).minute).toBe(3 * 60);
    expect(localClock(new Date("2026-03-08T07:59:00Z"), zone).minute).toBe(1 * 60 + 59);
  });

  it("drives the periods, counts and delivery hours from the buyer's zone", () => {
    const now = new Date("2026-12-01T02:00:00Z"); // Monday 21:00 on 30 November in New York
    expect(periodStarts(now, "America/New_York")).toEqual({
      day: "2026-11-30",
      week: "2026-11-30",
      month: "2026-11-01",
    });
    const counts = {
      day: "2026-11-30",
      dayLeads: 4,
      week: "2026-11-30",
      weekLeads: 9,
      month: "2026-11-01",
      monthLeads: 20,
      spendDay: "2026-11-30",
      spentCredits: 7,
    };
    expect(currentCounts(counts, now, "America/New_York")).toEqual({
      dayLeads: 4,
      weekLeads: 9,
      monthLeads: 20,
      spentCredits: 7,
    });
    // In London it is already Tuesday 1 December: a new day and month.
    expect(currentCounts(counts, now, "Europe/London")).toEqual({
      dayLeads: 0,
      weekLeads: 9,
      monthLeads: 0,
      spentCredits: 0,
    });
    expect(withinDeliveryHours(null, now, "America/New_York")).toBe(true);
  });
});
