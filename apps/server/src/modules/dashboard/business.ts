import type { TBusinessOverview } from "@leadpost/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { col, queryRows, rowOf } from "../../db/raw";

// The company dashboard's business overview: one statement per chart, each on the company's
// (company_id, created_at) indexes and bounded to the period. Test leads never count.

const TOP_FORMS = 6;
const TOP_SOURCES = 6;
const TOP_BUYERS = 5;

type TPeriod = { companyId: string; days: number; timeZone: string };

/** The period's first instant: the start of the company's day `days - 1` days ago. */
const periodStart = (p: TPeriod) =>
  sql`((date_trunc('day', now() at time zone ${p.timeZone}) - make_interval(days => ${p.days - 1})) at time zone ${p.timeZone})`;

/**
 * A lead's source in words: utm_source, else the ad network of its click id, else the referring site,
 * else how it came in (a form visited directly, the API, a call, a manual entry).
 */
const SOURCE = sql.raw(`coalesce(
  nullif(lower(s.utm->>'utm_source'), ''),
  case when s.click_ids ? 'gclid' then 'google ads' when s.click_ids ? 'fbclid' then 'facebook ads' end,
  nullif(lower(substring(s.referrer from '^[a-z]+://(?:www\\.)?([^/:?#]+)')), ''),
  case when l.source = 'form' then 'direct' else l.source end
)`);

async function daily(db: Db, p: TPeriod) {
  return queryRows(
    db,
    rowOf({ date: col.text, leads: col.number, sold: col.number, calls: col.number }),
    sql`with days as (
          select d::date as day
          from generate_series(
            (now() at time zone ${p.timeZone})::date - ${p.days - 1}::int,
            (now() at time zone ${p.timeZone})::date,
            interval '1 day') d
        ),
        lead_days as (
          select (created_at at time zone ${p.timeZone})::date as day, count(*)::int as leads,
                 (count(*) filter (where sale_count > 0))::int as sold
          from leads
          where company_id = ${p.companyId} and not is_test and created_at >= ${periodStart(p)}
          group by 1
        ),
        call_days as (
          select (created_at at time zone ${p.timeZone})::date as day, count(*)::int as calls
          from call_logs
          where company_id = ${p.companyId} and created_at >= ${periodStart(p)}
          group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(l.leads, 0) as leads,
               coalesce(l.sold, 0) as sold, coalesce(c.calls, 0) as calls
        from days left join lead_days l using (day) left join call_days c using (day)
        order by days.day`,
  );
}

/** The largest `top` groups by name, the rest summed as `rest`. */
async function ranked(db: Db, p: TPeriod, label: ReturnType<typeof sql>, top: number, rest: string) {
  const rows = await queryRows(
    db,
    rowOf({ name: col.text, leads: col.number }),
    sql`select ${label} as name, count(*)::int as leads
        from leads l
        left join form_submissions s on s.id = l.submission_id and s.company_id = l.company_id
        left join forms f on f.id = l.form_id and f.company_id = l.company_id
        where l.company_id = ${p.companyId} and not l.is_test and l.created_at >= ${periodStart(p)}
        group by 1
        order by 2 desc, 1`,
  );
  if (rows.length <= top + 1) return rows;
  const others = rows.slice(top).reduce((sum, r) => sum + r.leads, 0);
  return [...rows.slice(0, top), { name: rest, leads: others }];
}

async function sales(db: Db, p: TPeriod) {
  const [row] = await queryRows(
    db,
    rowOf({ leads: col.number, sold: col.number }),
    sql`select count(*)::int as leads, (count(*) filter (where sale_count > 0))::int as sold
        from leads
        where company_id = ${p.companyId} and not is_test and created_at >= ${periodStart(p)}`,
  );
  const leads = row?.leads ?? 0;
  const sold = row?.sold ?? 0;
  return { leads, sold, unsold: leads - sold, saleRate: leads ? Math.round((sold / leads) * 1000) / 10 : 0 };
}

/** Credits buyers spent on leads (consume entries, less their refunds) and the buyers who spent most. */
async function spending(db: Db, p: TPeriod) {
  return queryRows(
    db,
    rowOf({ buyerId: col.text, name: col.text, leadsBought: col.number, creditsSpent: col.number }),
    sql`select t.buyer_id as "buyerId",
               coalesce(nullif(b.company_name, ''), nullif(b.contact_name, ''), b.email) as name,
               (count(*) filter (where t.transaction_type = 'consume'))::int as "leadsBought",
               (-sum(t.amount))::int as "creditsSpent"
        from credit_transactions t
        join buyers b on b.id = t.buyer_id and b.company_id = t.company_id
        where t.company_id = ${p.companyId} and t.transaction_type in ('consume', 'refund') and not t.is_revoked
          and t.created_at >= ${periodStart(p)}
        group by t.buyer_id, b.company_name, b.contact_name, b.email
        having (count(*) filter (where t.transaction_type = 'consume')) > 0
        order by "creditsSpent" desc, name`,
  );
}

async function companyFacts(db: Db, companyId: string) {
  const [row] = await queryRows(
    db,
    rowOf({ timeZone: col.orNull(col.text), creditValueUsd: col.text }),
    sql`select p.timezone as "timeZone", c.credit_value_usd::text as "creditValueUsd"
        from companies c left join company_preferences p on p.company_id = c.id
        where c.id = ${companyId}`,
  );
  return { timeZone: row?.timeZone || "UTC", creditValueUsd: Number(row?.creditValueUsd ?? 1) };
}

export async function businessOverview(db: Db, companyId: string, days: number): Promise<TBusinessOverview> {
  const facts = await companyFacts(db, companyId);
  const p = { companyId, days, timeZone: facts.timeZone };
  // One connection under the company's row-level security: the statements run one after another.
  const perDay = await daily(db, p);
  const byForm = await ranked(db, p, sql.raw(`coalesce(f.title, 'No form')`), TOP_FORMS, "Other forms");
  const bySource = await ranked(db, p, SOURCE, TOP_SOURCES, "Other sources");
  const sold = await sales(db, p);
  const buyers = await spending(db, p);
  const spent = buyers.reduce((sum, b) => sum + b.creditsSpent, 0);
  return {
    days,
    timeZone: facts.timeZone,
    daily: perDay,
    byForm,
    bySource,
    sales: sold,
    credits: {
      spent,
      valueUsd: Math.round(spent * facts.creditValueUsd * 100) / 100,
      creditValueUsd: facts.creditValueUsd,
    },
    topBuyers: buyers.slice(0, TOP_BUYERS),
  };
}
