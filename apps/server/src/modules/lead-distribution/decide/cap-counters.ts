import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { col, preparedStatement, queryRows, rowOf } from "../../../db/raw";
import { uuidArray } from "./candidates";

/**
 * The cap's check and its count as one step (docs/routing.md "Caps, delivery hours and pauses"): one
 * conditional upsert of each buyer's counters row that adds one lead to its day, week and month (in
 * its own zone, at `now`) only while every cap it has is above the count, and returns the buyers it
 * counted. Under concurrency the row lock of the upsert orders the routings and PostgreSQL re-checks
 * the condition on the row the earlier one committed, so two leads at the same millisecond never both
 * pass a cap of one. Buyers are taken in id order, so two routings never wait on each other in a circle.
 */
const countLeads = preparedStatement(
  rowOf({ buyer_id: col.text }),
  () => sql`
    with want as (
      select b.id, (${sql.placeholder("now")}::timestamptz at time zone b.time_zone) as local,
             b.daily_cap, b.weekly_cap, b.monthly_cap
        from buyers b
       where b.id = any(${sql.placeholder("ids")}::uuid[]) and b.company_id = ${sql.placeholder("companyId")}::uuid
    )
    insert into buyer_lead_counters as k (buyer_id, company_id, day, day_leads, week, week_leads, month, month_leads)
    select w.id, ${sql.placeholder("companyId")}::uuid, w.local::date, 1, date_trunc('week', w.local)::date, 1,
           date_trunc('month', w.local)::date, 1
      from want w
     where coalesce(w.daily_cap, 1) >= 1 and coalesce(w.weekly_cap, 1) >= 1 and coalesce(w.monthly_cap, 1) >= 1
     order by w.id
    on conflict (buyer_id) do update set
      day_leads = (case when k.day = excluded.day then k.day_leads else 0 end) + 1,
      day = excluded.day,
      week_leads = (case when k.week = excluded.week then k.week_leads else 0 end) + 1,
      week = excluded.week,
      month_leads = (case when k.month = excluded.month then k.month_leads else 0 end) + 1,
      month = excluded.month,
      updated_at = now()
    where exists (
      select 1 from buyers b
       where b.id = k.buyer_id
         and (b.daily_cap is null or (case when k.day = excluded.day then k.day_leads else 0 end) < b.daily_cap)
         and (b.weekly_cap is null or (case when k.week = excluded.week then k.week_leads else 0 end) < b.weekly_cap)
         and (b.monthly_cap is null
              or (case when k.month = excluded.month then k.month_leads else 0 end) < b.monthly_cap))
    returning k.buyer_id`,
);

/** Counts one lead received by each buyer while its caps allow; answers the buyers counted. */
export async function countLeadsReceived(
  tx: Db,
  companyId: string,
  buyerIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (buyerIds.length === 0) return new Set();
  const rows = await countLeads(tx, {
    ids: uuidArray([...buyerIds].sort()),
    companyId,
    now: now.toISOString(),
  });
  return new Set(rows.map((r) => r.buyer_id));
}

const counterRow = rowOf({
  buyer_id: col.text,
  day: col.orNull(col.text),
  day_leads: col.number,
  week: col.orNull(col.text),
  week_leads: col.number,
  month: col.orNull(col.text),
  month_leads: col.number,
  spend_day: col.orNull(col.text),
  spent_credits: col.number,
});

/** The counters as committed now (read again for the buyers a concurrent routing filled up first). */
export async function readCounters(tx: Db, companyId: string, buyerIds: readonly string[]) {
  if (buyerIds.length === 0) return new Map();
  const rows = await queryRows(
    tx,
    counterRow,
    sql`select buyer_id::text, to_char(day, 'YYYY-MM-DD') as day, day_leads, to_char(week, 'YYYY-MM-DD') as week,
               week_leads, to_char(month, 'YYYY-MM-DD') as month, month_leads,
               to_char(spend_day, 'YYYY-MM-DD') as spend_day, spent_credits
          from buyer_lead_counters
         where company_id = ${companyId}::uuid and buyer_id = any(${uuidArray(buyerIds)}::uuid[])`,
  );
  return new Map(
    rows.map((r) => [
      r.buyer_id,
      {
        day: r.day,
        dayLeads: r.day_leads,
        week: r.week,
        weekLeads: r.week_leads,
        month: r.month,
        monthLeads: r.month_leads,
        spendDay: r.spend_day,
        spentCredits: r.spent_credits,
      },
    ]),
  );
}

/**
 * A purchase's spend against the buyer's daily spend cap, in the same one step: adds `credits` to
 * today's spend (the buyer's day at `now`) only while the total stays within the cap. Answers whether
 * it was counted; false means the purchase must be refused.
 */
const countSpend = preparedStatement(
  rowOf({ buyer_id: col.text }),
  () => sql`
    with want as (
      select b.id, (${sql.placeholder("now")}::timestamptz at time zone b.time_zone)::date as day, b.spend_cap_credits as cap
        from buyers b
       where b.id = ${sql.placeholder("buyerId")}::uuid and b.company_id = ${sql.placeholder("companyId")}::uuid
    )
    insert into buyer_lead_counters as k (buyer_id, company_id, spend_day, spent_credits)
    select w.id, ${sql.placeholder("companyId")}::uuid, w.day, ${sql.placeholder("credits")}::int
      from want w
     where w.cap is null or ${sql.placeholder("credits")}::int <= w.cap
    on conflict (buyer_id) do update set
      spent_credits = (case when k.spend_day = excluded.spend_day then k.spent_credits else 0 end)
                      + excluded.spent_credits,
      spend_day = excluded.spend_day,
      updated_at = now()
    where exists (
      select 1 from buyers b
       where b.id = k.buyer_id
         and (b.spend_cap_credits is null
              or (case when k.spend_day = excluded.spend_day then k.spent_credits else 0 end)
                 + excluded.spent_credits <= b.spend_cap_credits))
    returning k.buyer_id`,
);

/** Answers null when counted, else the cap and what the buyer has spent today (for the refusal's words). */
export async function countSpendWithinCap(
  tx: Db,
  p: { companyId: string; buyerId: string; credits: number; now: Date },
): Promise<null | { cap: number; spent: number }> {
  const rows = await countSpend(tx, {
    companyId: p.companyId,
    buyerId: p.buyerId,
    credits: p.credits,
    now: p.now.toISOString(),
  });
  if (rows.length > 0) return null;
  const [state] = await queryRows(
    tx,
    rowOf({ cap: col.number, spent: col.number }),
    sql`select coalesce(b.spend_cap_credits, 0)::int as cap,
               coalesce((select case when k.spend_day = (${p.now.toISOString()}::timestamptz at time zone b.time_zone)::date
                                     then k.spent_credits else 0 end
                           from buyer_lead_counters k where k.buyer_id = b.id), 0)::int as spent
          from buyers b where b.id = ${p.buyerId}::uuid and b.company_id = ${p.companyId}::uuid`,
  );
  return state ?? { cap: 0, spent: 0 };
}
