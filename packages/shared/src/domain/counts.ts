/**
 * Counts at a company's scale (issue 26): counting a million leads reads a million index entries on
 * every request. A list's counts are exact up to EXACT_COUNT_LIMIT matching rows; past it the server
 * answers the database's estimate (its planner statistics, never below the limit) and says which
 * counts are estimated (the leads list's `estimatedCounts`, the dashboard's `totalLeadsEstimated`);
 * screens show them as "about 1.2M" (the web app's formatCount, lib/utils.ts).
 */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * With a condition no index answers alone (a search, a form, a niche, dates), each counted row is a
 * row read: counted exactly up to this many.
 */
export const EXACT_FILTERED_COUNT_LIMIT = 1_000;
