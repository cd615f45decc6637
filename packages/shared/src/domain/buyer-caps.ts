// Caps and schedules per buyer (docs/routing.md "Caps, delivery hours and pauses"): lead caps per day,
// week and month, a daily spend cap in credits, delivery hours per weekday and "paused until", all
// counted in the buyer's own IANA time zone (a day ends at the buyer's midnight, a week starts Monday).
// Pure rules on Intl: the server's eligibility rules and the screens read the same ones.

import { cachedFormat, zoneOr } from "./intl-cache";

/** Monday first, as the schedule is stored: index 0 is Monday, 6 is Sunday. */
export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/** One weekday's delivery window in minutes after the buyer's midnight, `to` excluded (1440 = midnight). */
export type TDeliveryWindow = { from: number; to: number };
/** Seven entries, Monday first: a window, or null for a day without delivery. */
export type TDeliveryHours = (TDeliveryWindow | null)[];

export const DEFAULT_BUYER_TIME_ZONE = "America/New_York";

/** A buyer's limits as stored on the buyer; null fields are "no limit". */
export type TBuyerLimits = {
  timeZone: string;
  dailyCap: number | null;
  weeklyCap: number | null;
  monthlyCap: number | null;
  /** Credits the buyer may spend per day (its own day). */
  spendCap: number | null;
  deliveryHours: TDeliveryHours | null;
  pausedUntil: Date | null;
};

/** What the buyer received in its current periods (buyer_lead_counters): each count with its period's start. */
export type TBuyerCounts = {
  day: string | null;
  dayLeads: number;
  week: string | null;
  weekLeads: number;
  month: string | null;
  monthLeads: number;
  spendDay: string | null;
  spentCredits: number;
};

export const NO_COUNTS: TBuyerCounts = {
  day: null,
  dayLeads: 0,
  week: null,
  weekLeads: 0,
  month: null,
  monthLeads: 0,
  spendDay: null,
  spentCredits: 0,
};

/** Whether the buyer has any cap or schedule that routing must count or check at the moment of routing. */
export const hasRoutingLimits = (l: TBuyerLimits | null | undefined): boolean =>
  !!l &&
  (l.dailyCap !== null ||
    l.weeklyCap !== null ||
    l.monthlyCap !== null ||
    l.spendCap !== null ||
    l.deliveryHours !== null);

/** A zone Intl knows; the default one otherwise. */
export const knownZone = (zone: string): string => zoneOr(zone, DEFAULT_BUYER_TIME_ZONE);

export const isTimeZone = (zone: string): boolean => knownZone(zone) === zone;

const partsFormat = (zone: string): Intl.DateTimeFormat =>
  cachedFormat(
    `parts|${zone}`,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        weekday: "short",
      }),
  );

const SHORT_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

type TLocalClock = Readonly<{ date: string; weekday: number; minute: number }>;

// The clocks of the last instant asked for, by zone: routing asks at one moment for every candidate buyer,
// of a handful of zones, and formatting the parts is the costly step (issue 26's routing profile).
let clocksAt = Number.NaN;
const clocksByZone = new Map<string, TLocalClock>();

/** The buyer's wall clock at `now`: its date (YYYY-MM-DD), weekday (0 = Monday) and minute of the day. */
export function localClock(now: Date, zone: string): TLocalClock {
  if (now.getTime() !== clocksAt) {
    clocksAt = now.getTime();
    clocksByZone.clear();
  }
  let clock = clocksByZone.get(zone);
  if (!clock) {
    clock = readClock(now, zone);
    clocksByZone.set(zone, clock);
  }
  return clock;
}

function readClock(now: Date, zone: string): TLocalClock {
  const parts = Object.fromEntries(
    partsFormat(knownZone(zone))
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    date,
    weekday: SHORT_DAYS.indexOf(parts.weekday ?? "Mon"),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The starts of the buyer's current day, week (Monday) and month, as local dates. */
export function periodStarts(now: Date, zone: string): { day: string; week: string; month: string } {
  const c = localClock(now, zone);
  return { day: c.date, week: addDays(c.date, -c.weekday), month: `${c.date.slice(0, 7)}-01` };
}

/** The counts that belong to the buyer's current periods (a count of an earlier period is 0). */
export function currentCounts(counts: TBuyerCounts | null, now: Date, zone: string) {
  const p = periodStarts(now, zone);
  const k = counts ?? NO_COUNTS;
  return {
    dayLeads: k.day === p.day ? k.dayLeads : 0,
    weekLeads: k.week === p.week ? k.weekLeads : 0,
    monthLeads: k.month === p.month ? k.monthLeads : 0,
    spentCredits: k.spendDay === p.day ? k.spentCredits : 0,
  };
}

/** "8:00 AM", "12:30 PM" for minutes after midnight. */
export function formatMinute(minute: number): string {
  const m = minute % 1440;
  const h = Math.floor(m / 60);
  const mm = String(m % 60).padStart(2, "0");
  return `${h % 12 === 0 ? 12 : h % 12}:${mm} ${h < 12 ? "AM" : "PM"}`;
}

/** "08:00" for minutes after midnight (the time input's value); 1440 is "24:00". */
export const minuteToHHMM = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** Minutes after midnight from "08:00" / "24:00"; null when it is not a time. */
export function hhmmToMinute(value: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const minute = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && minute <= 1440 ? minute : null;
}

/** Whether the buyer takes leads at `now` by its delivery hours (no schedule: always). */
export function withinDeliveryHours(hours: TDeliveryHours | null, now: Date, zone: string): boolean {
  if (!hours) return true;
  const c = localClock(now, zone);
  const w = hours[c.weekday];
  return !!w && c.minute >= w.from && c.minute < w.to;
}

/**
 * When a closed buyer opens again, in words: "opens 8:00 AM" (later today), "opens Monday 8:00 AM"
 * (a later day), "no delivery days set" (every day closed).
 */
export function nextOpening(hours: TDeliveryHours, now: Date, zone: string): string {
  const c = localClock(now, zone);
  const today = hours[c.weekday];
  if (today && c.minute < today.from) return `opens ${formatMinute(today.from)}`;
  for (let i = 1; i <= 7; i += 1) {
    const day = (c.weekday + i) % 7;
    const w = hours[day];
    if (w) return `opens ${WEEKDAYS[day]} ${formatMinute(w.from)}`;
  }
  return "no delivery days set";
}

/** "Dec 1, 9:00 AM" in the buyer's zone (the pause's end as the buyer set it). */
export function formatPauseEnd(until: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: knownZone(zone),
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(until);
}

/** Whether a "paused until" still holds at `now`. */
export const pausedAt = (pausedUntil: Date | null, now: Date): boolean =>
  pausedUntil !== null && pausedUntil.getTime() > now.getTime();

/** The pause's end when given as the buyer's local date and time ("2026-12-01T09:00" in its zone). */
export function localDateTimeToInstant(local: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // The zone's offset at that moment, found by reading the UTC guess back in the zone (twice, for DST edges).
  let guess = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const c = localClock(new Date(guess), zone);
    const [y, mo, d] = c.date.split("-").map(Number);
    const shown = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, Math.floor(c.minute / 60), c.minute % 60);
    guess += asUtc - shown;
  }
  return new Date(guess);
}

/** The delivery hours valid as stored: seven entries, each null or 0 <= from < to <= 1440. */
export function isDeliveryHours(value: unknown): value is TDeliveryHours {
  return (
    Array.isArray(value) &&
    value.length === 7 &&
    value.every(
      (w) =>
        w === null ||
        (typeof w === "object" &&
          Number.isInteger(w.from) &&
          Number.isInteger(w.to) &&
          w.from >= 0 &&
          w.from < w.to &&
          w.to <= 1440),
    )
  );
}

/** A purchase refused by the buyer's daily spend cap, in words. */
export const spendCapMessage = (cap: number, spent: number, credits: number): string =>
  `This purchase of ${credits} credits would go over your daily spend cap of ${cap} credits ` +
  `(${spent} spent today). Try again tomorrow, or ask the company to raise your cap.`;
