import {
  hhmmToMinute,
  localClock,
  localDateTimeToInstant,
  minuteToHHMM,
  PREFERENCE_TIME_ZONES,
  type TBuyer,
  type TDeliveryHours,
  type TUpdateBuyer,
} from "@leadpost/shared";

/** One weekday's row as the inputs hold it: open or closed, times as "HH:MM". */
export type TDayRow = { open: boolean; from: string; to: string };

/** What the "Caps and delivery hours" inputs hold: text as typed, converted when saved. */
export type TBuyerCapsValues = {
  dailyCap: string;
  weeklyCap: string;
  monthlyCap: string;
  spendCapCredits: string;
  timeZone: string;
  /** Off: leads at any hour (deliveryHours null). */
  scheduled: boolean;
  days: TDayRow[];
  /** "Pause leads until…" as the buyer's local date and time ("2026-12-01T09:00"), "" for none. */
  pauseUntil: string;
  isPaused: boolean;
};

/** The US zones first (the buyers' market), then the rest of the company list. */
export const CAP_TIME_ZONES = PREFERENCE_TIME_ZONES.filter(
  (z) => z.value.startsWith("America/") || z.value === "Pacific/Honolulu",
);

/** The zone list with the buyer's own zone added when the list lacks it. */
export const zoneOptions = (current: string) =>
  CAP_TIME_ZONES.some((z) => z.value === current)
    ? CAP_TIME_ZONES
    : [{ value: current, label: current }, ...CAP_TIME_ZONES];

const OPEN_DAY: TDayRow = { open: true, from: "08:00", to: "17:00" };
const capText = (n: number | null) => (n === null ? "" : String(n));
// A time input knows no "24:00": midnight at the end of the day shows as 00:00 in the "to" input.
const toText = (minute: number) => (minute === 1440 ? "00:00" : minuteToHHMM(minute));

/** The local "YYYY-MM-DDTHH:MM" of an instant in the buyer's zone, for a datetime-local input. */
export function instantToLocal(iso: string, zone: string): string {
  const c = localClock(new Date(iso), zone);
  return `${c.date}T${minuteToHHMM(c.minute)}`;
}

export function buyerToCapsValues(b: TBuyer, now = new Date()): TBuyerCapsValues {
  const hours = b.deliveryHours;
  const pauseAhead = b.pausedUntil !== null && new Date(b.pausedUntil).getTime() > now.getTime();
  return {
    dailyCap: capText(b.dailyCap),
    weeklyCap: capText(b.weeklyCap),
    monthlyCap: capText(b.monthlyCap),
    spendCapCredits: capText(b.spendCapCredits),
    timeZone: b.timeZone,
    scheduled: hours !== null,
    days: Array.from({ length: 7 }, (_, i) => {
      const w = hours?.[i];
      if (hours === null) return { ...OPEN_DAY };
      return w ? { open: true, from: minuteToHHMM(w.from), to: toText(w.to) } : { ...OPEN_DAY, open: false };
    }),
    pauseUntil: pauseAhead && b.pausedUntil ? instantToLocal(b.pausedUntil, b.timeZone) : "",
    isPaused: b.isPaused,
  };
}

// An empty cap is "no cap"; anything else a number the schema judges (NaN gets its message).
const capValue = (v: string) => (v.trim() === "" ? null : Number(v));

/** Seven windows from the rows; a row whose times are not times gives an invalid window the schema refuses. */
export function rowsToHours(days: TDayRow[]): TDeliveryHours {
  return days.map((d) => {
    if (!d.open) return null;
    const from = hhmmToMinute(d.from) ?? -1;
    const to = hhmmToMinute(d.to);
    return { from, to: to === 0 ? 1440 : (to ?? -1) };
  });
}

type TCapsPatch = Pick<
  TUpdateBuyer,
  | "dailyCap"
  | "weeklyCap"
  | "monthlyCap"
  | "spendCapCredits"
  | "timeZone"
  | "deliveryHours"
  | "pausedUntil"
  | "isPaused"
>;

/**
 * The PATCH fields that differ from what the buyer had: an unchanged pause is not sent again (the
 * buyer may have changed it from its portal meanwhile).
 */
export function capsPatch(v: TBuyerCapsValues, initial: TBuyerCapsValues): TCapsPatch {
  const patch: TCapsPatch = {};
  for (const key of ["dailyCap", "weeklyCap", "monthlyCap", "spendCapCredits"] as const)
    if (v[key] !== initial[key]) patch[key] = capValue(v[key]);
  if (v.timeZone !== initial.timeZone) patch.timeZone = v.timeZone;
  const hours = v.scheduled ? rowsToHours(v.days) : null;
  const before = initial.scheduled ? rowsToHours(initial.days) : null;
  if (JSON.stringify(hours) !== JSON.stringify(before)) patch.deliveryHours = hours;
  if (v.pauseUntil !== initial.pauseUntil || (v.pauseUntil && patch.timeZone)) {
    const at = v.pauseUntil ? localDateTimeToInstant(v.pauseUntil, v.timeZone) : null;
    patch.pausedUntil = v.pauseUntil ? (at ? at.toISOString() : v.pauseUntil) : null;
  }
  if (v.isPaused !== initial.isPaused) patch.isPaused = v.isPaused;
  return patch;
}
