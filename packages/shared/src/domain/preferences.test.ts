import { describe, expect, it } from "vitest";
import { PREFERENCE_TIME_ZONES } from "./preference-options";
import { exportDateTimeWriter, formatExportDateTime, PREFERENCE_COUNTRIES } from "./preferences";

// Zones beyond the list a company picks from: half-hour and three-quarter offsets, a half-hour summer
// shift (Lord Howe), and offsets in seconds before standard time (New York before 1883, Monrovia to 1972).
const ODD_ZONES = ["Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "Africa/Monrovia", "Etc/UTC"];
const MINUTE = 60_000;

/** Moments around zones' offset changes and over two and a half centuries, some off the whole millisecond. */
function moments(): number[] {
  const out: number[] = [];
  for (const year of [1883, 1972, 2026]) {
    // Every 2 hours 7 minutes 13.5 seconds (every minute of the hour in turn) through the months
    // of the year's offset changes.
    for (const month of [0, 2, 3, 9, 10]) {
      const from = Date.UTC(year, month, 1);
      for (let t = from; t < from + 31 * 24 * 60 * MINUTE; t += 127 * MINUTE + 13_500) out.push(t);
    }
  }
  let seed = 7;
  for (let i = 0; i < 1_000; i++) {
    seed = (seed * 48271) % 2147483647;
    out.push(Date.UTC(1850, 0, 1) + (seed / 2147483647) * 250 * 365 * 24 * 60 * MINUTE);
  }
  out.push(0, -1, -0.5, 0.5, 59_999.9, -60_000.5, Date.UTC(2026, 10, 26, 7, 29, 59, 999));
  return out;
}

describe("exportDateTimeWriter", () => {
  const all = moments();
  // Every country's format in one zone, every zone in two formats.
  const cases = [
    ...PREFERENCE_COUNTRIES.map((c) => [c.value, "America/New_York"]),
    ...[...PREFERENCE_TIME_ZONES.map((z) => z.value), ...ODD_ZONES].flatMap((zone) => [
      ["United Kingdom", zone],
      ["Germany", zone],
    ]),
  ];

  it.each(cases)("writes what formatExportDateTime writes (%s, %s)", (country, timezone) => {
    const prefs = { country, timezone, currency: "USD" };
    const write = exportDateTimeWriter(prefs);
    const wrong = all.filter((ms) => write(ms) !== formatExportDateTime(new Date(ms), prefs));
    expect(wrong.map((ms) => new Date(ms).toISOString())).toEqual([]);
  });

  it("throws where formatExportDateTime throws (no moment a Date can hold)", () => {
    const prefs = { country: "United States", timezone: "America/Denver", currency: "USD" };
    const write = exportDateTimeWriter(prefs);
    for (const ms of [Number.NaN, Number.POSITIVE_INFINITY, 8.64e15 + 1]) {
      expect(() => formatExportDateTime(new Date(ms), prefs)).toThrow(RangeError);
      expect(() => write(ms)).toThrow(RangeError);
    }
  });
});
