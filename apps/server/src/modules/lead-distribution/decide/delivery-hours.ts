import { nextOpening, withinDeliveryHours } from "@leadpost/shared";
import { type SQL, sql } from "drizzle-orm";
import type { TCapFacts, TCapSqlInputs } from "./caps";

/**
 * Delivery hours per weekday (docs/routing.md "Caps, delivery hours and pauses"): a buyer with a
 * schedule takes leads only inside its window of the day, on its own clock. Decided at the moment of
 * routing; the lead's `buyer_lead_skips` row keeps a closed buyer from seeing it later.
 */
export const deliveryHoursOpen = (c: TCapFacts): boolean =>
  !c.limits || withinDeliveryHours(c.limits.deliveryHours, c.now, c.limits.timeZone);

export const deliveryHoursSkipReason = (c: TCapFacts): string =>
  c.limits?.deliveryHours
    ? `Outside delivery hours: ${nextOpening(c.limits.deliveryHours, c.now, c.limits.timeZone)}`
    : "Outside delivery hours";

/** The buyer's wall clock at the routing's moment (a timestamp without zone). */
export const localTimeSql = (x: TCapSqlInputs): SQL => sql`(${x.now} at time zone ${x.timeZone})`;

/**
 * The same check in SQL: the schedule's entry for the local ISO weekday (Monday = 0 in the stored
 * array), and the local minute inside [from, to).
 */
export function deliveryHoursSql(x: TCapSqlInputs): SQL {
  const local = localTimeSql(x);
  const today = sql`(${x.deliveryHours} -> (extract(isodow from ${local})::int - 1))`;
  const minute = sql`(extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
  return sql`(${x.deliveryHours} is null or coalesce(${minute} >= (${today} ->> 'from')::int
    and ${minute} < (${today} ->> 'to')::int, false))`;
}
