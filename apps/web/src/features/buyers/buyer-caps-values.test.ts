import type { TBuyer } from "@leadpost/shared";
import { describe, expect, it } from "vitest";
import { buyerToCapsValues, capsPatch, rowsToHours, zoneOptions } from "./buyer-caps-values";

const NOW = new Date("2026-11-26T12:00:00Z");
const buyer = (over: Partial<TBuyer> = {}) =>
  ({
    dailyCap: null,
    weeklyCap: 100,
    monthlyCap: null,
    spendCapCredits: null,
    timeZone: "America/Denver",
    deliveryHours: null,
    isPaused: false,
    pausedUntil: null,
    ...over,
  }) as TBuyer;

describe("buyer caps values", () => {
  it("sends nothing when nothing changed", () => {
    const v = buyerToCapsValues(buyer(), NOW);
    expect(capsPatch(v, v)).toEqual({});
  });

  it("sends only the changed caps; an emptied cap is null, a typed one a number", () => {
    const initial = buyerToCapsValues(buyer(), NOW);
    expect(capsPatch({ ...initial, dailyCap: "20", weeklyCap: "" }, initial)).toEqual({
      dailyCap: 20,
      weeklyCap: null,
    });
  });

  it("turns the weekday rows into seven windows, 00:00 as the end being midnight", () => {
    const initial = buyerToCapsValues(buyer(), NOW);
    const days = initial.days.map((d, i) =>
      i === 0 ? { open: true, from: "09:00", to: "00:00" } : i === 6 ? { ...d, open: false } : d,
    );
    const patch = capsPatch({ ...initial, scheduled: true, days }, initial);
    expect(patch.deliveryHours?.[0]).toEqual({ from: 540, to: 1440 });
    expect(patch.deliveryHours?.[1]).toEqual({ from: 480, to: 1020 });
    expect(patch.deliveryHours?.[6]).toBeNull();
    expect(rowsToHours([{ open: true, from: "", to: "17:00" }])).toEqual([{ from: -1, to: 1020 }]);
  });

  it("reads a stored schedule back, and switching it off sends null", () => {
    const hours = [{ from: 540, to: 1440 }, null, null, null, null, null, null];
    const initial = buyerToCapsValues(buyer({ deliveryHours: hours }), NOW);
    expect(initial.days[0]).toEqual({ open: true, from: "09:00", to: "00:00" });
    expect(initial.days[1]?.open).toBe(false);
    expect(capsPatch({ ...initial, scheduled: false }, initial)).toEqual({ deliveryHours: null });
  });

  it("a pause end is the buyer's local time; resume clears both pauses", () => {
    const initial = buyerToCapsValues(buyer({ isPaused: true }), NOW);
    expect(capsPatch({ ...initial, pauseUntil: "2026-12-01T09:00" }, initial)).toEqual({
      pausedUntil: "2026-12-01T16:00:00.000Z",
    });
    expect(capsPatch({ ...initial, isPaused: false, pauseUntil: "" }, initial)).toEqual({ isPaused: false });
  });

  it("shows a pause still ahead in the buyer's zone and drops an ended one", () => {
    expect(buyerToCapsValues(buyer({ pausedUntil: "2026-12-01T16:00:00.000Z" }), NOW).pauseUntil).toBe(
      "2026-12-01T09:00",
    );
    expect(buyerToCapsValues(buyer({ pausedUntil: "2026-11-01T16:00:00.000Z" }), NOW).pauseUntil).toBe("");
  });

  it("offers the buyer's own zone when the list lacks it", () => {
    expect(zoneOptions("America/Denver")[0]?.value).toBe("America/New_York");
    expect(zoneOptions("Europe/Berlin")[0]).toEqual({ value: "Europe/Berlin", label: "Europe/Berlin" });
  });
});
