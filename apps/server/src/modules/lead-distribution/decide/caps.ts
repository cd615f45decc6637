import {
  currentCounts,
  formatPauseEnd,
  pausedAt,
  type TBuyerCounts,
  type TBuyerLimits,
} from "@leadpost/shared";
import { type SQL, sql } from "drizzle-orm";
import { localTimeSql } from "./delivery-hours";

/**
 * Caps and pauses per buyer (docs/routing.md "Caps, delivery hours and pauses"), as the eligibility
 * rules read them (decide/eligibility.ts): the TypeScript facts and the SQL inputs side by side.
 * The counting itself, one conditional upsert per routing, is decide/cap-counters.ts.
 */

/** What the cap, hours and pause rules read in TypeScript: the moment, the buyer's limits and counts. */
export type TCapFacts = {
  now: Date;
  /** Null: a buyer without caps, schedule or dated pause (every such rule passes). */
  limits: TBuyerLimits | null;
  counts: TBuyerCounts | null;
};

/** The same in SQL: each caller names the buyer's columns, the counters' columns and the moment. */
export type TCapSqlInputs = {
  now: SQL;
  timeZone: SQL;
  dailyCap: SQL;
  weeklyCap: SQL;
  monthlyCap: SQL;
  spendCap: SQL;
  deliveryHours: SQL;
  pausedUntil: SQL;
  /** buyer_lead_counters' columns (null without a row). */
  counts: {
    day: SQL;
    dayLeads: SQL;
    week: SQL;
    weekLeads: SQL;
    month: SQL;
    monthLeads: SQL;
    spendDay: SQL;
    spentCredits: SQL;
  };
};

export const NO_CAP_FACTS = (now: Date): TCapFacts => ({ now, limits: null, counts: null });

const counted = (c: TCapFacts) => (c.limits ? currentCounts(c.counts, c.now, c.limits.timeZone) : null);

export type TCapPeriod = "daily" | "weekly" | "monthly" | "spend";

const CAP_OF: Record<TCapPeriod, keyof TBuyerLimits> = {
  daily: "dailyCap",
  weekly: "weeklyCap",
  monthly: "monthlyCap",
  spend: "spendCap",
};
const COUNT_OF = {
  daily: "dayLeads",
  weekly: "weekLeads",
  monthly: "monthLeads",
  spend: "spentCredits",
} as const;

export function capOf(c: TCapFacts, period: TCapPeriod): number | null {
  const v = c.limits?.[CAP_OF[period]];
  return typeof v === "number" ? v : null;
}

/** The buyer is under this cap (the spend cap: has spent less than it today). */
export function underCap(c: TCapFacts, period: TCapPeriod): boolean {
  const cap = capOf(c, period);
  // No cap, nothing to count: the buyer's clock is not read (most buyers have none of the four).
  if (cap === null) return true;
  const now = counted(c);
  return now === null || now[COUNT_OF[period]] < cap;
}

export function capSkipReason(c: TCapFacts, period: TCapPeriod): string {
  const cap = capOf(c, period) ?? 0;
  if (period === "spend") return `Spend cap of ${cap} credits reached`;
  const word = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" }[period];
  return `${word} cap of ${cap} reached`;
}

/** The starts of the buyer's current periods in SQL, from its zone and the moment. */
export function periodStartsSql(x: TCapSqlInputs) {
  const local = localTimeSql(x);
  return {
    day: sql`(${local})::date`,
    week: sql`date_trunc('week', ${local})::date`,
    month: sql`date_trunc('month', ${local})::date`,
  };
}

/** The same cap check in SQL: the count of the current period (0 for an older one) under the cap. */
export function underCapSql(x: TCapSqlInputs, period: TCapPeriod): SQL {
  const p = periodStartsSql(x);
  const k = x.counts;
  const [cap, start, count, current] = {
    daily: [x.dailyCap, k.day, k.dayLeads, p.day],
    weekly: [x.weeklyCap, k.week, k.weekLeads, p.week],
    monthly: [x.monthlyCap, k.month, k.monthLeads, p.month],
    spend: [x.spendCap, k.spendDay, k.spentCredits, p.day],
  }[period];
  return sql`(${cap} is null
    or (case when ${start} = ${current} then coalesce(${count}, 0) else 0 end) < ${cap})`;
}

/** A dated pause ("Pause leads until…") still running at the moment. */
export const notPausedUntil = (c: TCapFacts): boolean => !pausedAt(c.limits?.pausedUntil ?? null, c.now);

export const notPausedUntilSql = (x: TCapSqlInputs): SQL =>
  sql`(${x.pausedUntil} is null or ${x.pausedUntil} <= ${x.now})`;

export const pausedUntilReason = (c: TCapFacts): string =>
  c.limits?.pausedUntil
    ? `Paused until ${formatPauseEnd(c.limits.pausedUntil, c.limits.timeZone)}`
    : "Buyer is paused";
