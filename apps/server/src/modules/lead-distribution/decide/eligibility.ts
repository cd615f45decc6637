import { distanceMiles, type TRoutingBuyer, type TRoutingLead } from "@leadpost/shared";
import { type SQL, sql } from "drizzle-orm";
import { toQuery } from "../../../db/drizzle-adapter";
import { answerFiltersSkipReason, answerFiltersSql, passesAnswerFilters } from "./answer-filters";
import {
  capSkipReason,
  NO_CAP_FACTS,
  notPausedUntil,
  notPausedUntilSql,
  pausedUntilReason,
  type TCapFacts,
  type TCapSqlInputs,
  underCap,
  underCapSql,
} from "./caps";
import { deliveryHoursOpen, deliveryHoursSkipReason, deliveryHoursSql } from "./delivery-hours";

/**
 * Which buyer may receive (or see as a preview) which lead: PRODUCT §3 "Distribution", defined ONCE.
 * Each rule below gives, side by side, its check in TypeScript (routing's decision and its reason),
 * its SQL over named inputs (the candidate statement, decide/candidates.ts; the derived-preview rule,
 * previews/rule.ts; the receives-leads trigger, for the rules marked `account`) and the text a buyer
 * skipped by it gets in the lead's routing decisions. The first failing rule, in this order, is the
 * reason. `test/eligibility-parity.test.ts` runs the TypeScript and the SQL over generated buyers and
 * leads and demands the same answers.
 *
 * A new rule (a daily cap, delivery hours, a filter on the form's answers) is one more entry: add the
 * buyer or lead facts it reads to TEligibilityFacts and TEligibilitySqlInputs, and every caller's
 * inputs (the type checker lists them).
 */

/** Why a buyer did or did not match a lead; stored with every routing decision. */
export type TSkipCode =
  | "archived"
  | "status"
  | "paused"
  | "list"
  | "niche"
  | "no_location"
  | "distance"
  | "filter"
  | TCapSkipCode;

/** The caps-and-schedules rules' codes (decide/caps.ts, decide/delivery-hours.ts). */
export type TCapSkipCode =
  | "paused_until"
  | "hours"
  | "daily_cap"
  | "weekly_cap"
  | "monthly_cap"
  | "spend_cap";

/** What the TypeScript checks read: the buyer, the lead, the form's buyer list, and their distance. */
export type TEligibilityFacts = {
  buyer: TRoutingBuyer;
  lead: TRoutingLead;
  /** The form's buyer list; null when the form has none (every buyer may receive its leads). */
  formBuyerIds: ReadonlySet<string> | null;
  /** Great-circle miles between the buyer's zip centroid and the lead's; null without a buyer location. */
  distance: number | null;
  /** The moment of the decision, the buyer's caps, schedule and dated pause, and its counts (decide/caps.ts). */
  caps: TCapFacts;
};

/** What the SQL fragments read: each caller names its own columns, parameters and aliases. */
export type TEligibilitySqlInputs = {
  buyer: {
    status: SQL;
    deletedAt: SQL;
    isPaused: SQL;
    nicheId: SQL;
    latitude: SQL;
    longitude: SQL;
    serviceRadius: SQL;
    /** The buyer's filters on the lead's answers (jsonb, buyers.lead_filters). */
    leadFilters: SQL;
  };
  lead: {
    nicheId: SQL;
    /** The lead's answers (jsonb, leads.answers). */
    answers: SQL;
  };
  /** The buyer is in the form's buyer list, or the form has none. */
  inFormList: SQL;
  /** Great-circle miles from the buyer to the lead (geo's haversine; null without a buyer location). */
  distance: SQL;
  /** The moment, the buyer's caps, zone, schedule and dated pause, and its counters (decide/caps.ts). */
  caps: TCapSqlInputs;
};

export type TEligibilityRule = {
  code: TSkipCode;
  /**
   * The buyer's own account standing, whatever the lead: the receives_leads_since trigger dates a
   * buyer's previews from the moment these first hold (a paused buyer keeps its date).
   */
  account?: true;
  /** Reads the lead's place: the candidate statement checks these after the GiST box narrowed the buyers. */
  place?: true;
  /**
   * Decided once, at the moment of routing (a cap's count, delivery hours): routing stores a skip
   * (`buyer_lead_skips`) that the derived-preview rule reads instead of this rule's SQL.
   */
  atRouting?: true;
  passes: (f: TEligibilityFacts) => boolean;
  sql: (x: TEligibilitySqlInputs) => SQL;
  /** The text stored in the lead's routing decisions when this is the first rule the buyer fails. */
  skipReason: (f: TEligibilityFacts) => string;
};

const round1 = (n: number) => Math.round(n * 10) / 10;

export const ELIGIBILITY_RULES: readonly TEligibilityRule[] = [
  {
    code: "archived",
    account: true,
    passes: ({ buyer }) => !buyer.archived,
    sql: ({ buyer }) => sql`${buyer.deletedAt} is null`,
    skipReason: () => "Buyer is archived",
  },
  {
    code: "status",
    account: true,
    passes: ({ buyer }) => buyer.status === "active",
    sql: ({ buyer }) => sql`${buyer.status} = 'active'`,
    skipReason: ({ buyer }) => `Buyer is ${buyer.status}`,
  },
  {
    code: "paused",
    passes: ({ buyer }) => !buyer.isPaused,
    sql: ({ buyer }) => sql`not ${buyer.isPaused}`,
    skipReason: () => "Buyer is paused",
  },
  {
    code: "list",
    passes: ({ buyer, formBuyerIds }) => formBuyerIds === null || formBuyerIds.has(buyer.id),
    sql: ({ inFormList }) => inFormList,
    skipReason: () => "Not in the form's buyer list",
  },
  {
    code: "niche",
    // The lead carries its form's niche; a form without one takes every niche.
    passes: ({ buyer, lead }) => lead.nicheId === null || buyer.nicheId === lead.nicheId,
    sql: ({ buyer, lead }) => sql`(${lead.nicheId} is null or ${buyer.nicheId} = ${lead.nicheId})`,
    skipReason: () => "Buyer serves a different niche",
  },
  {
    code: "no_location",
    place: true,
    passes: ({ buyer }) => buyer.latitude !== null && buyer.longitude !== null,
    sql: ({ buyer }) => sql`${buyer.latitude} is not null and ${buyer.longitude} is not null`,
    skipReason: () => "Buyer has no service location",
  },
  {
    code: "distance",
    place: true,
    passes: ({ buyer, distance }) => distance !== null && distance <= buyer.serviceRadius,
    sql: ({ buyer, distance }) => sql`${distance} <= ${buyer.serviceRadius}`,
    skipReason: ({ buyer, distance }) =>
      `Outside service radius (${round1(distance ?? 0)} mi, radius ${buyer.serviceRadius} mi)`,
  },
  {
    // The buyer's filters on the lead's answers (decide/answer-filters.ts).
    code: "filter",
    passes: passesAnswerFilters,
    sql: answerFiltersSql,
    skipReason: answerFiltersSkipReason,
  },
  // Caps and schedules per buyer (decide/caps.ts, decide/delivery-hours.ts), on the buyer's own clock.
  {
    code: "paused_until",
    passes: ({ caps }) => notPausedUntil(caps),
    sql: ({ caps }) => notPausedUntilSql(caps),
    skipReason: ({ caps }) => pausedUntilReason(caps),
  },
  {
    code: "hours",
    atRouting: true,
    passes: ({ caps }) => deliveryHoursOpen(caps),
    sql: ({ caps }) => deliveryHoursSql(caps),
    skipReason: ({ caps }) => deliveryHoursSkipReason(caps),
  },
  ...(["daily", "weekly", "monthly", "spend"] as const).map(
    (period): TEligibilityRule => ({
      code: `${period}_cap`,
      atRouting: true,
      passes: ({ caps }) => underCap(caps, period),
      sql: ({ caps }) => underCapSql(caps, period),
      skipReason: ({ caps }) => capSkipReason(caps, period),
    }),
  ),
];

export type TEligibility = {
  eligible: boolean;
  /** The first rule the buyer fails, "matched" when it passes them all. */
  code: TSkipCode | "matched";
  /** The first failing rule's skip reason (stored with the buyer's decision); "Matched" when none fails. */
  reason: string;
  /** Great-circle miles between the buyer's zip centroid and the lead's, when both are known. */
  distanceMiles: number | null;
};

/**
 * The TypeScript check: whether the buyer may receive the lead (the caller's query keeps to the lead's
 * company), and if not, why. `formBuyerIds` null means the form has no buyer list.
 */
export function evaluateBuyer(
  buyer: TRoutingBuyer,
  lead: TRoutingLead,
  formBuyerIds: ReadonlySet<string> | null,
  caps: TCapFacts = NO_CAP_FACTS(new Date()),
): TEligibility {
  const distance =
    buyer.latitude !== null && buyer.longitude !== null
      ? distanceMiles({ latitude: buyer.latitude, longitude: buyer.longitude }, lead)
      : null;
  const facts: TEligibilityFacts = { buyer, lead, formBuyerIds, distance, caps };
  const failed = ELIGIBILITY_RULES.find((rule) => !rule.passes(facts));
  return failed
    ? { eligible: false, code: failed.code, reason: failed.skipReason(facts), distanceMiles: distance }
    : { eligible: true, code: "matched", reason: "Matched", distanceMiles: distance };
}

/**
 * The SQL check: every rule (or those `which` keeps) over the caller's inputs, joined with `and`. Like
 * any SQL condition it may be null where a value is null; callers wanting a boolean coalesce it.
 */
export function eligibilitySql(
  inputs: TEligibilitySqlInputs,
  which: (rule: TEligibilityRule) => boolean = () => true,
): SQL {
  const parts = ELIGIBILITY_RULES.filter(which).map((rule) => sql`(${rule.sql(inputs)})`);
  return parts.length === 0 ? sql`true` : sql`(${sql.join(parts, sql` and `)})`;
}

/**
 * The caps inputs of a buyers row under an alias, its counters under `counters` (null: none read, for
 * callers whose rules skip the counted ones), at the moment `now`.
 */
export function capColumnsOf(alias: string, now: SQL, counters: string | null): TCapSqlInputs {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const k = (name: string) => sql.raw(counters ? `${counters}.${name}` : "null");
  return {
    now,
    timeZone: col("time_zone"),
    dailyCap: col("daily_cap"),
    weeklyCap: col("weekly_cap"),
    monthlyCap: col("monthly_cap"),
    spendCap: col("spend_cap_credits"),
    deliveryHours: col("delivery_hours"),
    pausedUntil: col("paused_until"),
    counts: {
      day: k("day"),
      dayLeads: k("day_leads"),
      week: k("week"),
      weekLeads: k("week_leads"),
      month: k("month"),
      monthLeads: k("month_leads"),
      spendDay: k("spend_day"),
      spentCredits: k("spent_credits"),
    },
  };
}

/** A buyers row's columns under an alias (`b` in the preview rule, `NEW` in the trigger), as SQL inputs. */
export function buyerColumnsOf(alias: string): TEligibilitySqlInputs["buyer"] {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    status: col("status"),
    deletedAt: col("deleted_at"),
    isPaused: col("is_paused"),
    nicheId: col("niche_id"),
    latitude: col("latitude"),
    longitude: col("longitude"),
    serviceRadius: col("service_radius"),
    leadFilters: col("lead_filters"),
  };
}

/**
 * The body of leadpost_buyer_receives_leads_since(), the BEFORE INSERT OR UPDATE trigger function on
 * buyers (db/functions/leadpost_buyer_receives_leads_since.sql): the first time a buyer's `account` rules hold, its previews start (only
 * leads routed since then). Generated here so the trigger and the rules cannot drift; a test compares
 * the installed function with it.
 */
export function receivesLeadsSinceFunctionBody(): string {
  // The account rules read the buyer alone; the lead's inputs are never read.
  const none = sql.raw("null");
  const condition = eligibilitySql(
    {
      buyer: buyerColumnsOf("NEW"),
      lead: { nicheId: none, answers: none },
      inFormList: none,
      distance: none,
      caps: capColumnsOf("NEW", none, null),
    },
    (rule) => rule.account === true,
  );
  const text = toQuery(condition).sql;
  return `
BEGIN
  IF NEW.receives_leads_since IS NULL AND ${text} THEN
    NEW.receives_leads_since := now();
  END IF;
  RETURN NEW;
END `;
}
