// Dynamic number insertion: which source a visitor came from, and how a page's written phone number is
// found and swapped for the tracking number of that source. Plain functions with no dependencies: the
// script customers paste (served by the server) is built from this file, and so are the server's checks.

export const DNI_SOURCES = ["direct", "google", "facebook", "bing", "other"] as const;
export type TDniSource = (typeof DNI_SOURCES)[number];

export type TVisitTouch = {
  source: TDniSource;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  /** gclid, fbclid or msclkid when the visit came from an ad click. */
  clickId: string | null;
};

/** A campaign's utm_source in words of our five sources. */
export function sourceFromUtm(utmSource: string): TDniSource {
  const s = utmSource.trim().toLowerCase();
  if (/google|adwords|gads/.test(s)) return "google";
  if (/facebook|^fb$|^fb[_-]|instagram|^ig$|meta/.test(s)) return "facebook";
  if (/bing|microsoft|msn/.test(s)) return "bing";
  if (s === "direct" || s === "(direct)") return "direct";
  return "other";
}

/** The source a referring page stands for; null for the site's own pages (a visit continues). */
export function sourceFromReferrer(referrer: string, ownHost: string): TDniSource | null {
  const host = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#:]+)/i
    .exec(referrer.trim())?.[1]
    ?.toLowerCase()
    .replace(/^www\./, "");
  if (!host) return "direct";
  if (host === ownHost.toLowerCase().replace(/^www\./, "")) return null;
  if (/(^|\.)google\.[a-z.]+$/.test(host)) return "google";
  if (/(^|\.)bing\.com$/.test(host)) return "bing";
  if (/(^|\.)(facebook\.com|fb\.com|fb\.me|instagram\.com)$/.test(host)) return "facebook";
  // Every other site, search engine or social network alike (Yahoo, DuckDuckGo, LinkedIn, TikTok…).
  return "other";
}

/**
 * Where a visit came from: utm_source first, then the ad click ids (gclid, fbclid, msclkid), then the
 * referrer (search engines and social sites), else direct. `null` when the page was reached from the
 * site itself: the visit's earlier decision stands.
 */
export function decideVisitSource(search: string, referrer: string, ownHost: string): TVisitTouch | null {
  const params = queryParams(search);
  const get = (name: string) => params.get(name)?.trim().slice(0, 200) || null;
  const touch = {
    utmSource: get("utm_source"),
    utmMedium: get("utm_medium"),
    utmCampaign: get("utm_campaign"),
    utmTerm: get("utm_term"),
    utmContent: get("utm_content"),
  };
  const gclid = get("gclid") ?? get("gbraid") ?? get("wbraid");
  const fbclid = get("fbclid");
  const msclkid = get("msclkid");
  const clickId = gclid ?? fbclid ?? msclkid;
  if (touch.utmSource) return { source: sourceFromUtm(touch.utmSource), ...touch, clickId };
  if (gclid) return { source: "google", ...touch, clickId };
  if (fbclid) return { source: "facebook", ...touch, clickId };
  if (msclkid) return { source: "bing", ...touch, clickId };
  if (!referrer) return { source: "direct", ...touch, clickId: null };
  const source = sourceFromReferrer(referrer, ownHost);
  return source ? { source, ...touch, clickId: null } : null;
}

/** A query string's first value per name (decoded; `+` is a space). */
function queryParams(search: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of search.replace(/^\?/, "").split("&")) {
    if (!part) continue;
    const [rawName = "", ...rest] = part.split("=");
    const decode = (v: string) => {
      try {
        return decodeURIComponent(v.replace(/\+/g, " "));
      } catch {
        return v;
      }
    };
    const name = decode(rawName);
    if (!params.has(name)) params.set(name, decode(rest.join("=")));
  }
  return params;
}

/** The ten digits of a US number, without the leading country code 1; null for anything else. */
export function usPhoneDigits(value: string): string | null {
  const digits = value.replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return ten.length === 10 ? ten : null;
}

/** Between the groups of a written number: spaces, then a dot, hyphen or any dash (en dash, minus sign…). */
const SEP = "[\\s\\u00a0]*[-.\\u2010-\\u2015\\u2212]?[\\s\\u00a0]*";

/**
 * Every written form of a number in text: (555) 123-4567, 555-123-4567, 555–123–4567, 555.123.4567,
 * +1 555 123 4567, 5551234567 (with or without the country code), never a run inside longer digits.
 * The number is the second group; the first is the character before it (no lookbehind: Safari before
 * 16.4 cannot parse one, and a script that fails to parse swaps nothing).
 */
export function phoneNumberPattern(number: string): RegExp | null {
  const d = usPhoneDigits(number);
  if (!d) return null;
  const area = d.slice(0, 3);
  return new RegExp(
    `(^|[^\\d])((?:\\+?1${SEP})?(?:\\(${area}\\)|${area})${SEP}${d.slice(3, 6)}${SEP}${d.slice(6)})(?!\\d)`,
    "g",
  );
}

/** Where `number` is written in `text`: [start, end) of each occurrence. */
export function findPhoneNumbers(text: string, number: string): [number, number][] {
  const pattern = phoneNumberPattern(number);
  if (!pattern) return [];
  const found: [number, number][] = [];
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const start = m.index + (m[1] ?? "").length;
    const end = start + (m[2] ?? "").length;
    found.push([start, end]);
    // The character after a match may be the next one's leading non-digit.
    pattern.lastIndex = end;
  }
  return found;
}

/** The matched text with its last ten digits replaced by `digits`, keeping every other character. */
export function rewriteDigits(matched: string, digits: string): string {
  let left = digits.length;
  const out = matched.split("");
  for (let i = out.length - 1; i >= 0 && left > 0; i--) {
    if (/\d/.test(out[i] ?? "")) out[i] = digits[--left] ?? "";
  }
  return out.join("");
}

/** `text` with every written form of `staticNumber` swapped for `tracking` in the same format. */
export function swapPhoneNumber(text: string, staticNumber: string, tracking: string): string {
  const digits = usPhoneDigits(tracking);
  if (!digits) return text;
  let out = text;
  for (const [start, end] of findPhoneNumbers(text, staticNumber))
    out = out.slice(0, start) + rewriteDigits(out.slice(start, end), digits) + out.slice(end);
  return out;
}

/** US display format: (555) 123-4567; other numbers as given. */
export function formatUsPhone(value: string): string {
  const d = usPhoneDigits(value);
  return d ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : value;
}
