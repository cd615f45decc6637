import type { TReturnRateRow, TReturnRates } from "@leadpost/shared";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { col, queryRows, rowOf } from "../../db/raw";

type TRateRow = { id: string | null; name: string; bought: number; returned: number; approved: number };

const rateRow = rowOf<TRateRow>({
  id: col.orNull(col.text),
  name: col.text,
  bought: col.number,
  returned: col.number,
  approved: col.number,
});

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

const toRate = (r: TRateRow): TReturnRateRow => {
  const bought = Number(r.bought);
  const returned = Number(r.returned);
  return {
    id: r.id,
    name: r.name,
    bought,
    returned,
    approved: Number(r.approved),
    rate: percent(returned, bought),
  };
};

/**
 * Return rates for the dashboard: of the leads bought with credits in the last `days` days (their
 * consume entries), how many were returned and how many of those approved, per buyer and per form.
 */
export async function returnRates(db: DbOrTx, companyId: string, days: number): Promise<TReturnRates> {
  const bought = sql`
    select t.buyer_id, t.lead_id from credit_transactions t
     where t.company_id = ${companyId}::uuid and t.transaction_type = 'consume' and not t.is_revoked
       and t.lead_id is not null and t.created_at >= now() - make_interval(days => ${days}::int)`;
  const counted = sql`count(*)::int as bought, count(r.id)::int as returned,
                      (count(r.id) filter (where r.status = 'approved'))::int as approved`;
  const returns = sql`left join lead_returns r
        on r.company_id = ${companyId}::uuid and r.buyer_id = p.buyer_id and r.lead_id = p.lead_id`;
  const byBuyer = await queryRows(
    db,
    rateRow,
    sql`select p.buyer_id as id,
               coalesce(nullif(b.company_name, ''), nullif(b.contact_name, ''), b.email) as name, ${counted}
          from (${bought}) p
          join buyers b on b.id = p.buyer_id and b.company_id = ${companyId}::uuid
          ${returns}
         group by p.buyer_id, b.company_name, b.contact_name, b.email
         order by returned desc, bought desc, name`,
  );
  const byForm = await queryRows(
    db,
    rateRow,
    sql`select l.form_id as id, coalesce(f.title, 'No form') as name, ${counted}
          from (${bought}) p
          join leads l on l.id = p.lead_id and l.company_id = ${companyId}::uuid
          left join forms f on f.id = l.form_id and f.company_id = l.company_id
          ${returns}
         group by l.form_id, f.title
         order by returned desc, bought desc, name`,
  );
  return { days, byBuyer: byBuyer.map(toRate), byForm: byForm.map(toRate) };
}
