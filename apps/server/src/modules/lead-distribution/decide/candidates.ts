import {
  BUYER_STATUSES,
  isDeliveryHours,
  isLeadFilter,
  serviceBox,
  type TBuyerCounts,
  type TBuyerLimits,
  type TLeadAnswer,
  type TLeadFilter,
  type TRoutingBuyer,
} from "@leadpost/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { col, preparedStatement, rowOf } from "../../../db/raw";
import { buyerBids, buyers, greatCircleMiles, serviceAreaBox } from "../../../db/schema";
import { capColumnsOf, eligibilitySql, type TEligibilitySqlInputs } from "./eligibility";

export type TCandidate = TRoutingBuyer & {
  email: string;
  name: string;
  /** The buyer's credits, as locked for an allowance holder or bidder (a highest-price bid is paid from them). */
  creditBalance: number;
  /**
   * What the statement's SQL made of the eligibility rules (decide/eligibility.ts) for this buyer.
   * Routing decides with evaluateBuyer, which also gives the reason; the parity test holds both equal.
   */
  eligibleInSql: boolean;
  /** Its caps, zone, schedule and dated pause, and its counters as read (decide/caps.ts). */
  limits: TBuyerLimits;
  counts: TBuyerCounts;
};

/**
 * Buyers whose service area ends within this many miles of the lead still get a decision of their
 * own ("Outside service radius (32 mi, radius 25 mi)"): the near misses an admin asks about.
 */
export const NEAR_MISS_MILES = 10;

/** The box around the lead within NEAR_MISS_MILES, (x = longitude, y = latitude) like the service-area boxes. */
const nearLeadBox = sql`box(point(${sql.placeholder("minLng")}::float8, ${sql.placeholder("minLat")}::float8),
  point(${sql.placeholder("maxLng")}::float8, ${sql.placeholder("maxLat")}::float8))`;

/** A uuid[] parameter as one array literal (ids come from the database, never from a request). */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

type TCandidateRow = {
  id: string;
  status: TRoutingBuyer["status"];
  deleted_at: unknown;
  is_paused: boolean;
  niche_id: string | null;
  latitude: number | null;
  longitude: number | null;
  service_radius: number;
  lead_filters: unknown;
  credit_balance: number;
  all_you_can_eat_enabled: boolean;
  prepaid_leads_remaining: number;
  last_served_us: number | string | null;
  created_at: unknown;
  contact_name: string;
  company_name: string | null;
  email: string;
  eligible: boolean;
  time_zone: string;
  daily_cap: number | null;
  weekly_cap: number | null;
  monthly_cap: number | null;
  spend_cap_credits: number | null;
  delivery_hours: unknown;
  paused_until: unknown;
  k_day: string | null;
  k_day_leads: number | null;
  k_week: string | null;
  k_week_leads: number | null;
  k_month: string | null;
  k_month_leads: number | null;
  k_spend_day: string | null;
  k_spent_credits: number | null;
};

/** Each row of the statement: a candidate (its buyer's columns, TCandidateRow) or, id null, none. */
const statementRow = rowOf({
  id: col.orNull(col.text),
  others_outside: col.boolean,
  unlisted: col.boolean,
  previews: col.numberOrText,
});

const candidateRow = rowOf<TCandidateRow>({
  id: col.text,
  status: col.oneOf(BUYER_STATUSES),
  deleted_at: col.any,
  is_paused: col.boolean,
  niche_id: col.orNull(col.text),
  latitude: col.orNull(col.number),
  longitude: col.orNull(col.number),
  service_radius: col.number,
  lead_filters: col.any,
  credit_balance: col.number,
  all_you_can_eat_enabled: col.boolean,
  prepaid_leads_remaining: col.number,
  last_served_us: col.orNull(col.numberOrText),
  created_at: col.any,
  contact_name: col.text,
  company_name: col.orNull(col.text),
  email: col.text,
  eligible: col.boolean,
  time_zone: col.text,
  daily_cap: col.orNull(col.number),
  weekly_cap: col.orNull(col.number),
  monthly_cap: col.orNull(col.number),
  spend_cap_credits: col.orNull(col.number),
  delivery_hours: col.any,
  paused_until: col.any,
  k_day: col.orNull(col.text),
  k_day_leads: col.orNull(col.number),
  k_week: col.orNull(col.text),
  k_week_leads: col.orNull(col.number),
  k_month: col.orNull(col.text),
  k_month_leads: col.orNull(col.number),
  k_spend_day: col.orNull(col.text),
  k_spent_credits: col.orNull(col.number),
});

// The columns routing reads, with the round-robin time in exact microseconds (buyers served in one
// routing are microseconds apart, finer than a JS Date).
const COLUMNS = sql.raw(`id, status, deleted_at, is_paused, niche_id, latitude, longitude, service_radius,
  lead_filters, credit_balance, all_you_can_eat_enabled, prepaid_leads_remaining,
  (extract(epoch from last_served_at) * 1000000)::float8 as last_served_us,
  created_at, contact_name, company_name, email,
  time_zone, daily_cap, weekly_cap, monthly_cap, spend_cap_credits, delivery_hours, paused_until`);

/** A buyer with a cap or delivery hours is counted or checked when it receives a lead: it needs a row. */
const LIMITED = sql.raw(`(buyers.daily_cap is not null or buyers.weekly_cap is not null
  or buyers.monthly_cap is not null or buyers.spend_cap_credits is not null or buyers.delivery_hours is not null)`);

/** The counters of the candidate `x`, their dates as text (one shape on both drivers). */
const COUNTER_COLUMNS = sql.raw(`to_char(k.day, 'YYYY-MM-DD') as k_day, k.day_leads as k_day_leads,
  to_char(k.week, 'YYYY-MM-DD') as k_week, k.week_leads as k_week_leads,
  to_char(k.month, 'YYYY-MM-DD') as k_month, k.month_leads as k_month_leads,
  to_char(k.spend_day, 'YYYY-MM-DD') as k_spend_day, k.spent_credits as k_spent_credits`);

/** Great-circle miles from the buyer's zip centroid to the lead, in SQL; null for a buyer without one. */
export const distanceToLead = (lead: { latitude: unknown; longitude: unknown }) =>
  greatCircleMiles(
    { latitude: buyers.latitude, longitude: buyers.longitude },
    { latitude: sql`${lead.latitude}::float8`, longitude: sql`${lead.longitude}::float8` },
  );

export type TCandidates = {
  /** The buyers that need a decision of their own; see findCandidates. */
  candidates: TCandidate[];
  /** Buyers that match the lead and hold no allowance: they see it as a preview (derived on read). */
  previews: number;
  /** Whether a candidate (not archived) matches not and is no near miss: it gets no row, only the summary line. */
  unlisted: boolean;
  /** Whether the company has a buyer (not archived) outside the candidates, for the summary line. */
  othersOutside: boolean;
};

/**
 * One statement per lead. The candidates are the form buyer list's members when it has one, else the
 * company's buyers whose service-area box comes within NEAR_MISS_MILES of the lead, through the GiST
 * index, so a company with thousands of buyers reads only the few near the lead. The rules that need no
 * round-robin are applied here, in SQL, so a lead matching 1,250 buyers returns a handful of rows:
 * - the allowance holders (active, unpaused, the lead's niche, an allowance left, the lead inside their
 *   service box), which may get full access; with `lockAllowanceHolders` they are locked in id order
 *   (so concurrent routings never deadlock) and their locked, committed state replaces the snapshot: the
 *   round-robin position and prepaid count used are the latest, and a routing of another lead waits here
 *   until this one has moved them;
 * - the buyers that do not match and get a reason of their own (every list member; else the near
 *   misses), and with `duplicate` every matching buyer (told the lead is not sold again);
 * - as counts, the other matching buyers (previews, derived when read: no row, no reason stored) and
 *   whether some buyer is left to the summary line.
 * The eligibility rules are decide/eligibility.ts's, in SQL; routing then decides each returned buyer
 * with the same rules in TypeScript (evaluateBuyer), which also give the reason.
 */
export async function findCandidates(
  tx: Db,
  lead: {
    companyId: string;
    latitude: number;
    longitude: number;
    nicheId: string | null;
    answers: readonly TLeadAnswer[];
  },
  formBuyerIds: readonly string[],
  opts: { lockAllowanceHolders: boolean; duplicate: boolean; now?: Date; bidding?: boolean },
): Promise<TCandidates> {
  const listed = formBuyerIds.length > 0;
  const box = serviceBox(lead, NEAR_MISS_MILES);
  const rows = await CANDIDATE_STATEMENTS[listed ? "list" : "near"][opts.bidding ? "bidding" : "plain"](tx, {
    companyId: lead.companyId,
    lat: lead.latitude,
    lng: lead.longitude,
    nicheId: lead.nicheId,
    answers: JSON.stringify(lead.answers),
    listIds: uuidArray(formBuyerIds),
    minLng: box.minLng,
    minLat: box.minLat,
    maxLng: box.maxLng,
    maxLat: box.maxLat,
    lock: opts.lockAllowanceHolders,
    duplicate: opts.duplicate,
    now: (opts.now ?? new Date()).toISOString(),
  });
  const first = rows[0];
  const candidates = rows.flatMap((row) => (row.id === null ? [] : [toCandidate(row)]));
  return {
    candidates,
    previews: opts.duplicate ? 0 : Number(first?.previews ?? 0),
    unlisted: first?.unlisted ?? false,
    othersOutside: first?.others_outside ?? false,
  };
}

/**
 * Under the highest price method, a buyer bidding for the lead's niche may take it automatically (it
 * pays its bid): it is returned and locked like an allowance holder.
 */
const hasBid = (nicheId: ReturnType<typeof sql.placeholder>) =>
  sql`exists (select 1 from ${buyerBids} where ${buyerBids.buyerId} = ${buyers.id}
                 and ${buyerBids.nicheId} = ${nicheId}::uuid and ${buyerBids.companyId} = ${buyers.companyId})`;

/**
 * The candidate statement (built once, see preparedStatement): the form's buyer list, or the buyers near
 * the lead; with `bidding`, bidders are holders too. Bidding is a variant, not a parameter: with it as a
 * parameter the generic plan cost more than a custom one, so PostgreSQL planned every run again.
 */
function candidateStatement(listed: boolean, bidding: boolean): SQL {
  const companyId = sql.placeholder("companyId");
  const nicheId = sql.placeholder("nicheId");
  const lock = sql.placeholder("lock");
  const duplicate = sql.placeholder("duplicate");
  const inScope = (): SQL =>
    listed
      ? sql`${buyers.id} = any(${sql.placeholder("listIds")}::uuid[])`
      : sql`${serviceAreaBox(buyers)} && ${nearLeadBox}`;
  const lat = sql.placeholder("lat");
  const lng = sql.placeholder("lng");
  const point = sql`point(${lng}::float8, ${lat}::float8)`;
  // The eligibility rules over the buyers row and the lead's parameters. The form's buyer list is
  // the candidates' scope itself (inScope), so every candidate is in it.
  const rules: TEligibilitySqlInputs = {
    buyer: {
      status: sql`${buyers.status}`,
      deletedAt: sql`${buyers.deletedAt}`,
      isPaused: sql`${buyers.isPaused}`,
      nicheId: sql`${buyers.nicheId}`,
      latitude: sql`${buyers.latitude}`,
      longitude: sql`${buyers.longitude}`,
      serviceRadius: sql`${buyers.serviceRadius}`,
      leadFilters: sql`${buyers.leadFilters}`,
    },
    lead: { nicheId: sql`${nicheId}::uuid`, answers: sql`${sql.placeholder("answers")}::jsonb` },
    inFormList: sql`true`,
    distance: sql`d.distance`,
    caps: capColumnsOf("buyers", sql`${sql.placeholder("now")}::timestamptz`, "k"),
  };
  return sql`
    with c as materialized (
      -- Every candidate, with what the rules say of it.
      select ${COLUMNS},
             coalesce(r.ready and ${eligibilitySql(rules, (rule) => rule.place === true)}, false) as eligible,
             -- The box last: most buyers hold no allowance, so it is rarely computed.
             r.ready and (${buyers.allYouCanEatEnabled} or ${buyers.prepaidLeadsRemaining} > 0
                          ${bidding ? sql`or ${hasBid(nicheId)}` : sql``})
               and coalesce(${serviceAreaBox(buyers)} @> ${point}, false) as holder,
             coalesce(d.distance <= ${buyers.serviceRadius} + ${sql.raw(String(NEAR_MISS_MILES))}, false) as near,
             ${LIMITED} as limited
        from ${buyers}
        left join buyer_lead_counters k on k.buyer_id = ${buyers.id}
        cross join lateral (select ${distanceToLead({ latitude: lat, longitude: lng })} as distance) d
        -- The rules that do not read the lead's place, evaluated once per candidate (offset 0: inlined,
        -- they were evaluated again for each of the two columns that read them).
        cross join lateral (select ${eligibilitySql(rules, (rule) => rule.place !== true)} as ready offset 0) r
       where ${buyers.companyId} = ${companyId}::uuid and ${inScope()}
    ), l as (
      select ${COLUMNS} from ${buyers}
       where ${buyers.companyId} = ${companyId}::uuid
         and ${buyers.id} in (select c.id from c where ${lock}::boolean and c.holder)
       order by ${buyers.id}
       for no key update
    ), o as materialized (
      -- Evaluated first and once: takes every lock of l, counts the previews, and looks for buyers
      -- left to the summary line.
      select (select count(*) from l) as locked, t.previews, t.unlisted,
             exists (select 1 from ${buyers}
                      where ${buyers.companyId} = ${companyId}::uuid and ${buyers.deletedAt} is null
                        and not coalesce(${inScope()}, false)) as others_outside
        from (select count(*) filter (where c.eligible and not c.holder and not c.limited) as previews,
                     coalesce(bool_or(c.deleted_at is null and not c.eligible and not c.near), false) as unlisted
                from c) t
    )
    -- The locked buyers as locked (their latest committed state), the others as the statement saw them.
    select x.*, ${COUNTER_COLUMNS}, o.others_outside, o.unlisted, o.previews, o.locked
      from o left join (
        select l.*, (select c.eligible from c where c.id = l.id) as eligible from l
        union all
        select c.id, c.status, c.deleted_at, c.is_paused, c.niche_id, c.latitude, c.longitude,
               c.service_radius, c.lead_filters, c.credit_balance, c.all_you_can_eat_enabled,
               c.prepaid_leads_remaining, c.last_served_us, c.created_at, c.contact_name, c.company_name, c.email,
               c.time_zone, c.daily_cap, c.weekly_cap, c.monthly_cap, c.spend_cap_credits, c.delivery_hours,
               c.paused_until, c.eligible
          from c
         where (c.holder and not ${lock}::boolean)
            or (not c.holder and ((${duplicate}::boolean and c.eligible)
                                  or (c.eligible and c.limited)
                                  or (not c.eligible and (${listed}::boolean or c.near))))
      ) x on true
      left join buyer_lead_counters k on k.buyer_id = x.id`;
}
const CANDIDATE_STATEMENTS = {
  list: {
    plain: preparedStatement(statementRow, () => candidateStatement(true, false)),
    bidding: preparedStatement(statementRow, () => candidateStatement(true, true)),
  },
  near: {
    plain: preparedStatement(statementRow, () => candidateStatement(false, false)),
    bidding: preparedStatement(statementRow, () => candidateStatement(false, true)),
  },
};

function toCandidate(row: object): TCandidate {
  if (!candidateRow.is(row)) throw new Error(`a routing candidate's row: ${candidateRow.mismatch(row)}`);
  return {
    id: row.id,
    status: row.status,
    archived: row.deleted_at !== null,
    isPaused: row.is_paused,
    nicheId: row.niche_id,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    serviceRadius: Number(row.service_radius),
    leadFilters: leadFiltersOf(row.lead_filters),
    creditBalance: Number(row.credit_balance),
    allYouCanEat: row.all_you_can_eat_enabled,
    prepaidRemaining: Number(row.prepaid_leads_remaining),
    lastServedUs: row.last_served_us === null ? null : Number(row.last_served_us),
    createdAt: new Date(row.created_at as string),
    email: row.email,
    name: row.company_name ?? row.contact_name,
    eligibleInSql: row.eligible === true,
    limits: {
      timeZone: row.time_zone,
      dailyCap: row.daily_cap,
      weeklyCap: row.weekly_cap,
      monthlyCap: row.monthly_cap,
      spendCap: row.spend_cap_credits,
      deliveryHours: isDeliveryHours(row.delivery_hours) ? row.delivery_hours : null,
      pausedUntil: row.paused_until === null ? null : new Date(row.paused_until as string),
    },
    counts: {
      day: row.k_day,
      dayLeads: row.k_day_leads ?? 0,
      week: row.k_week,
      weekLeads: row.k_week_leads ?? 0,
      month: row.k_month,
      monthLeads: row.k_month_leads ?? 0,
      spendDay: row.k_spend_day,
      spentCredits: row.k_spent_credits ?? 0,
    },
  };
}

/** A buyer's stored filters (jsonb): each a field id, an operator and its values. */
function leadFiltersOf(value: unknown): TLeadFilter[] {
  return Array.isArray(value) ? value.filter(isLeadFilter) : [];
}
