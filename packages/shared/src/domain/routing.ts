import { distanceMiles, type TLatLng } from "./geo";
import type { TLeadAnswer, TLeadFilter } from "./lead-filters";

// Which buyer may receive a lead (eligibility and its skip reasons) is defined once, with its SQL,
// in the server: apps/server/src/modules/lead-distribution/decide/eligibility.ts.

export type TRoutingBuyer = {
  id: string;
  status: "pending" | "active" | "inactive";
  archived: boolean;
  isPaused: boolean;
  nicheId: string | null;
  latitude: number | null;
  longitude: number | null;
  serviceRadius: number;
  allYouCanEat: boolean;
  prepaidRemaining: number;
  /**
   * When the buyer last got full access, in microseconds since the epoch: buyers served in one routing
   * are microseconds apart, finer than a Date holds.
   */
  lastServedUs: number | null;
  createdAt: Date;
  /** The buyer's conditions on a lead's answers (domain/lead-filters.ts). */
  leadFilters: readonly TLeadFilter[];
};

export type TRoutingLead = TLatLng & { nicheId: string | null; answers: readonly TLeadAnswer[] };

const round1 = (n: number) => Math.round(n * 10) / 10;

const withinRadius = (buyer: Pick<TRoutingBuyer, "serviceRadius">, distance: number | null) =>
  `${round1(distance ?? 0)} mi, radius ${buyer.serviceRadius} mi`;

/** The reason of a buyer that sees a lead as a preview (no allowance), stored or derived when read. */
export const previewReason = (buyer: Pick<TRoutingBuyer, "serviceRadius">, distance: number | null) =>
  `Preview: ${withinRadius(buyer, distance)}`;

/** All-you-can-eat buyers and buyers with prepaid leads left get full access before anyone else. */
export const hasFullAccessAllowance = (b: Pick<TRoutingBuyer, "allYouCanEat" | "prepaidRemaining">) =>
  b.allYouCanEat || b.prepaidRemaining > 0;

/** Fair round-robin: never-served first, then least recently served; ties by age, then id (stable). */
export function roundRobinOrder<T extends Pick<TRoutingBuyer, "id" | "lastServedUs" | "createdAt">>(
  buyers: readonly T[],
): T[] {
  const served = (us: number | null) => (us === null ? Number.NEGATIVE_INFINITY : us);
  return [...buyers].sort(
    (a, b) =>
      served(a.lastServedUs) - served(b.lastServedUs) ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

export type TMatchedBuyer = { buyer: TRoutingBuyer; distanceMiles: number };
export type TPlannedEntry = {
  buyerId: string;
  access: "full_access" | "preview";
  via: "all_you_can_eat" | "prepaid" | null;
  reason: string;
  distanceMiles: number;
};

/**
 * Who gets what among the matched buyers: full access for allowance holders in round-robin order
 * while slots (the sale cap minus sales already made) remain, a preview for everyone else. A
 * duplicate lead is not sold again: nobody gets anything.
 */
export function planDistribution(
  matched: readonly TMatchedBuyer[],
  slots: number,
  opts: { duplicate?: boolean } = {},
): { entries: TPlannedEntry[]; skipped: { buyerId: string; reason: string; distanceMiles: number }[] } {
  if (opts.duplicate) {
    return {
      entries: [],
      skipped: matched.map((m) => ({
        buyerId: m.buyer.id,
        reason: "Duplicate lead: not sold again",
        distanceMiles: m.distanceMiles,
      })),
    };
  }
  const byId = new Map(matched.map((m) => [m.buyer.id, m]));
  const queue = roundRobinOrder(matched.filter((m) => hasFullAccessAllowance(m.buyer)).map((m) => m.buyer));
  const entries: TPlannedEntry[] = [];
  const full = new Set<string>();
  let left = Math.max(0, slots);
  for (const buyer of queue) {
    if (left === 0) break;
    const via = buyer.allYouCanEat ? "all_you_can_eat" : "prepaid";
    const d = byId.get(buyer.id)?.distanceMiles ?? 0;
    const label = via === "all_you_can_eat" ? "all-you-can-eat" : "prepaid";
    entries.push({
      buyerId: buyer.id,
      access: "full_access",
      via,
      reason: `Full access (${label}): ${withinRadius(buyer, d)}`,
      distanceMiles: d,
    });
    full.add(buyer.id);
    left -= 1;
  }
  for (const m of matched) {
    if (full.has(m.buyer.id)) continue;
    const capped = hasFullAccessAllowance(m.buyer);
    entries.push({
      buyerId: m.buyer.id,
      access: "preview",
      via: null,
      reason: capped
        ? `Preview: sale cap reached before this buyer's turn (${withinRadius(m.buyer, m.distanceMiles)})`
        : previewReason(m.buyer, m.distanceMiles),
      distanceMiles: m.distanceMiles,
    });
  }
  return { entries, skipped: [] };
}

export type TEmailRoutingTarget = {
  email: string;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  radius: number | null;
  /** Centroid of zipCode, when it is a known zip. */
  zipLocation: TLatLng | null;
};
export type TLeadPlace = {
  location: TLatLng | null;
  zipCode: string | null;
  city: string | null;
  state: string | null;
};

const same = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether a form's e-mail routing entry wants a lead: with a zip and a radius, the lead within that
 * many miles of the zip's centroid; with a zip alone, the same zip; otherwise the city and state it
 * names (each only when given); an entry naming no place receives every lead of the form.
 */
export function emailEntryMatches(
  entry: TEmailRoutingTarget,
  lead: TLeadPlace,
): { matches: boolean; reason: string; distanceMiles: number | null } {
  if (entry.zipCode) {
    const zip = entry.zipCode.slice(0, 5);
    if (entry.radius !== null && entry.zipLocation && lead.location) {
      const d = distanceMiles(entry.zipLocation, lead.location);
      return d <= entry.radius
        ? { matches: true, reason: `within ${round1(d)} mi of ${zip}`, distanceMiles: d }
        : {
            matches: false,
            reason: `${round1(d)} mi from ${zip}, radius ${entry.radius} mi`,
            distanceMiles: d,
          };
    }
    const matches = lead.zipCode !== null && lead.zipCode.slice(0, 5) === zip;
    return { matches, reason: matches ? `zip ${zip}` : `not in zip ${zip}`, distanceMiles: null };
  }
  if (entry.city || entry.state) {
    const cityOk = !entry.city || same(entry.city, lead.city);
    const stateOk = !entry.state || same(entry.state, lead.state);
    const place = [entry.city, entry.state].filter(Boolean).join(", ");
    return cityOk && stateOk
      ? { matches: true, reason: `in ${place}`, distanceMiles: null }
      : { matches: false, reason: `not in ${place}`, distanceMiles: null };
  }
  return { matches: true, reason: "every lead of the form", distanceMiles: null };
}

const MILES_PER_DEGREE_LAT_MIN = 68.7;

/**
 * A box (degrees) around a point that holds every point within `radius` miles: generous on purpose,
 * since it only narrows the candidates before the exact great-circle check. Mirrors the SQL index
 * expression on buyers (routing/sql.ts).
 */
export function serviceBox(center: TLatLng, radiusMiles: number) {
  const dLat = radiusMiles / MILES_PER_DEGREE_LAT_MIN;
  const widest = Math.min(89, Math.abs(center.latitude) + dLat);
  const dLng = radiusMiles / (MILES_PER_DEGREE_LAT_MIN * Math.max(Math.cos((widest * Math.PI) / 180), 0.01));
  return {
    minLat: center.latitude - dLat,
    maxLat: center.latitude + dLat,
    minLng: center.longitude - dLng,
    maxLng: center.longitude + dLng,
  };
}
