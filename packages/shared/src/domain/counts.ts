import { cachedFormat } from "./intl-cache";

/**
 * Counts at a company's scale (issue 26): counting a million leads reads a million index entries on
 * every request. A list's counts are exact up to EXACT_COUNT_LIMIT matching rows; past it the server
 * answers the database's estimate (its planner statistics, never below the limit) and says which
 * counts are estimated (the leads list's `estimatedCounts`, the dashboard's `totalLeadsEstimated`);
 * screens show them as "about 1.2M".
 */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * With a condition no index answers alone (a search, a form, a niche, dates), each counted row is a
 * row read: counted exactly up to this many.
 */
export const EXACT_FILTERED_COUNT_LIMIT = 1_000;

/**
 * How far a count is known: counted ("exact"), the database's estimate ("estimated"), or counted up to
 * a limit that the rows pass ("atLeast": there are more).
 */
export type TCountKind = "exact" | "estimated" | "atLeast";

/** A count for display: "1,234" when exact, "about 1.2M" or "about 52K" when estimated, "1,000+" at least. */
export function formatCount(n: number, kind: TCountKind = "exact"): string {
  const exact = cachedFormat("count", () => new Intl.NumberFormat("en-US")).format(n);
  if (kind === "exact") return exact;
  if (kind === "atLeast") return `${exact}+`;
  const compact = cachedFormat(
    "count-compact",
    () => new Intl.NumberFormat("en-US", { notation: "compact", maximumSignificantDigits: 2 }),
  );
  return `about ${compact.format(n)}`;
}
