// Spec 003 §2.8 and §9: a company's regional preferences and the one way money and dates are shown
// with them (screens, e-mails, exports). Zod-free, so the first load can import it.
import { cachedFormat, zoneOr } from "./intl-cache";

/** The ten countries of 003 §9, each with the locale that decides its date and number formats. */
export const PREFERENCE_COUNTRIES = [
  { value: "United States", locale: "en-US" },
  { value: "Canada", locale: "en-CA" },
  { value: "United Kingdom", locale: "en-GB" },
  { value: "Australia", locale: "en-AU" },
  { value: "New Zealand", locale: "en-NZ" },
  { value: "Ireland", locale: "en-IE" },
  { value: "Germany", locale: "de-DE" },
  { value: "France", locale: "fr-FR" },
  { value: "Spain", locale: "es-ES" },
  { value: "Italy", locale: "it-IT" },
] as const;

export type TPreferenceCountry = (typeof PREFERENCE_COUNTRIES)[number]["value"];

/** What formatting needs of a company's preferences. */
export type TDisplayPreferences = { country: string; currency: string; timezone: string };

/** The spec's defaults: United States, USD, Eastern. */
export const DEFAULT_DISPLAY_PREFERENCES: TDisplayPreferences = {
  country: "United States",
  currency: "USD",
  timezone: "America/New_York",
};

/** The locale of a country of the list; en-US for anything else. */
export function localeOf(country: string): string {
  return PREFERENCE_COUNTRIES.find((c) => c.value === country)?.locale ?? "en-US";
}

const safeZone = (timezone: string): string => zoneOr(timezone, DEFAULT_DISPLAY_PREFERENCES.timezone);

/** An amount of money in the company's currency, written the country's way ("$1,234.50", "1.234,50 €"). */
export function formatMoney(amount: number, prefs: TDisplayPreferences): string {
  const locale = localeOf(prefs.country);
  const key = `m|${locale}|${prefs.currency}`;
  const f = cachedFormat(key, () => {
    try {
      return new Intl.NumberFormat(locale, { style: "currency", currency: prefs.currency });
    } catch {
      return new Intl.NumberFormat(locale, { style: "currency", currency: "USD" });
    }
  });
  return f.format(amount);
}

type TWhen = Date | string | number;
const toDate = (when: TWhen) => (when instanceof Date ? when : new Date(when));

/** A moment as a date and time in the company's zone, written the country's way. */
export function formatDateTime(when: TWhen, prefs: TDisplayPreferences): string {
  const locale = localeOf(prefs.country);
  const zone = safeZone(prefs.timezone);
  return cachedFormat(
    `dt|${locale}|${zone}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: zone }),
  ).format(toDate(when));
}

/** The day of a moment in the company's zone, written the country's way. */
export function formatDate(when: TWhen, prefs: TDisplayPreferences): string {
  const locale = localeOf(prefs.country);
  const zone = safeZone(prefs.timezone);
  return cachedFormat(
    `d|${locale}|${zone}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: zone }),
  ).format(toDate(when));
}

/**
 * A moment for a CSV cell: the country's numeric date and a 24-hour time in the company's zone, with
 * the zone's abbreviation ("26/11/2026 07:30 AEDT"), so a spreadsheet of that country reads it.
 */
export function formatExportDateTime(when: TWhen | null | undefined, prefs: TDisplayPreferences): string {
  if (when === null || when === undefined) return "";
  return exportFormat(prefs).format(toDate(when)).replace(",", "");
}

function exportFormat(prefs: TDisplayPreferences): Intl.DateTimeFormat {
  const locale = localeOf(prefs.country);
  const zone = safeZone(prefs.timezone);
  return cachedFormat(
    `x|${locale}|${zone}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: zone,
        timeZoneName: "short",
      }),
  );
}

const HOUR_MS = 3_600_000;
const TWO_DIGITS = /* @__PURE__ */ Array.from({ length: 60 }, (_, i) => String(i).padStart(2, "0"));

/**
 * The text of an hour's moments around their local hour and minute (before, between, after), and the
 * local hour and minute of its first moment; null where the hour is not that regular.
 */
type THour = { before: string; between: string; after: string; hour: number; minute: number } | null;

/**
 * formatExportDateTime for many moments (an export's rows), given as milliseconds since the epoch:
 * the same text, with the formatter asked three times per hour (UTC) of the moments instead of once
 * per moment. In an hour whose last moment reads as its first one 59 minutes on, the rest of the text
 * alike (no change of offset or of local day inside it, an offset of whole minutes), every moment
 * reads as the first one so many minutes on; any other hour (the hour of a change to or from summer
 * time, the hour a half-hour zone's day changes, a historic zone's offset in seconds) is formatted
 * moment by moment.
 */
export function exportDateTimeWriter(prefs: TDisplayPreferences): (ms: number) => string {
  const f = exportFormat(prefs);
  const hours = new Map<number, THour>();
  return (ms) => {
    // A Date keeps whole milliseconds, cut toward zero.
    const at = Math.trunc(ms);
    const start = at - (((at % HOUR_MS) + HOUR_MS) % HOUR_MS);
    let hour = hours.get(start);
    if (hour === undefined) {
      // The moments of an export come in order, so few hours are asked for again once passed.
      if (hours.size >= 1024) hours.clear();
      hour = hourOf(f, start);
      hours.set(start, hour);
    }
    if (hour === null) return f.format(at).replace(",", "");
    const minute = hour.minute + Math.floor((at - start) / 60_000);
    return minute < 60
      ? `${hour.before}${TWO_DIGITS[hour.hour]}${hour.between}${TWO_DIGITS[minute]}${hour.after}`
      : `${hour.before}${TWO_DIGITS[hour.hour + 1]}${hour.between}${TWO_DIGITS[minute - 60]}${hour.after}`;
  };
}

function hourOf(f: Intl.DateTimeFormat, start: number): THour {
  // Not a moment a Date can hold (NaN, out of range): formatting it throws, as formatExportDateTime's.
  if (!Number.isFinite(start)) return null;
  const first = f.formatToParts(start);
  const last = f.formatToParts(start + HOUR_MS - 1);
  const h = first.findIndex((p) => p.type === "hour");
  const m = first.findIndex((p) => p.type === "minute");
  if (h < 0 || m < h || first.length !== last.length) return null;
  for (let i = 0; i < first.length; i++) {
    if (first[i]!.type !== last[i]!.type) return null;
    if (i !== h && i !== m && first[i]!.value !== last[i]!.value) return null;
  }
  const hour = TWO_DIGITS.indexOf(first[h]!.value);
  const minute = TWO_DIGITS.indexOf(first[m]!.value);
  if (hour < 0 || hour > 23 || minute < 0) return null;
  // 59 minutes on, in the same day: the same hour, or the next one when the hour did not start at :00.
  const lastHour = minute === 0 ? hour : hour + 1;
  if (
    lastHour > 23 ||
    last[h]!.value !== TWO_DIGITS[lastHour] ||
    last[m]!.value !== TWO_DIGITS[(minute + 59) % 60]
  )
    return null;
  const join = (parts: Intl.DateTimeFormatPart[]) => parts.map((p) => p.value).join("");
  const texts = [join(first.slice(0, h)), join(first.slice(h + 1, m)), join(first.slice(m + 1))];
  // formatExportDateTime drops the text's first comma.
  const comma = texts.findIndex((t) => t.includes(","));
  if (comma >= 0) texts[comma] = texts[comma]!.replace(",", "");
  const [before = "", between = "", after = ""] = texts;
  const whole = f.format(start).replace(",", "");
  return whole === `${before}${first[h]!.value}${between}${first[m]!.value}${after}`
    ? { before, between, after, hour, minute }
    : null;
}
/** The customer details a company may hide (003 §2.8). */
export type TContactPrivacy = { hideName: boolean; hidePhone: boolean; hideAddress: boolean };
export const NO_CONTACT_PRIVACY: TContactPrivacy = { hideName: false, hidePhone: false, hideAddress: false };
export const HIDDEN_CONTACT_TEXT = "Hidden";
