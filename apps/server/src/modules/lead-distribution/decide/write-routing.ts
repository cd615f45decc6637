import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { col, preparedStatement, rowOf } from "../../../db/raw";
import type { TRoutingReason } from "../../../db/schema";
import { uuidArray } from "./candidates";

export type TDecisionInput = Omit<TRoutingReason, "at">;

export type TRoutingWrite = {
  lead: { id: string; companyId: string };
  /** Full-access deliveries in serving order. */
  full: readonly {
    buyerId: string;
    via: "all_you_can_eat" | "prepaid" | "credits" | null;
    /** A bid won under the highest price method: the credits it paid (charged by the caller). */
    credits?: number;
  }[];
  /**
   * Some buyer sees the lead as a preview. Previews are derived on read (previews/): no
   * row per buyer, one NOTIFY `lead_previews` for the live updates.
   */
  previewed: boolean;
  reasons: readonly TDecisionInput[];
  /** No buyer received the lead: left "unrouted" for manual assignment. */
  reachedNobody: boolean;
  /** The lead had a location, so routing ran: `routed_at` is set. */
  located: boolean;
  /**
   * Some buyer was reached, so new-lead notices are owed: one `new_lead_notices` row naming the
   * full-access buyers (the job adds the preview buyers by the derived rule).
   */
  noticed?: boolean;
  /** Buyers skipped by a rule decided at this moment (a cap, delivery hours): their previews never show the lead. */
  skips?: readonly { buyerId: string; code: string }[];
};

const p = (name: string) => sql.placeholder(name);

/** The statement of writeRouting, built once (see preparedStatement). */
const routingWrite = preparedStatement(
  rowOf({ sold: col.number, moved: col.number }),
  () => sql`
    with wanted as (
      select * from jsonb_to_recordset(${p("full")}::jsonb) as f(id uuid, prepaid boolean, via text, credits int, ord int)
    ), full_in as (
      insert into buyer_leads (company_id, buyer_id, lead_id, is_preview, acquired_via, credits_spent, unlocked_at)
      select ${p("companyId")}::uuid, f.id, ${p("leadId")}::uuid, false, f.via, f.credits, now()
        from wanted f order by f.ord
      on conflict (buyer_id, lead_id) do nothing
      returning buyer_id
    ), served as (
      select f.id, f.prepaid, f.via, (row_number() over (order by f.ord) - 1)::int as ord
        from wanted f where f.id in (select buyer_id from full_in)
    ), moved as (
      update buyers b
         set last_served_at = statement_timestamp() + s.ord * interval '1 microsecond',
             prepaid_leads_remaining = b.prepaid_leads_remaining - (case when s.prepaid then 1 else 0 end)
        from served s
       where b.id = any(${p("fullIds")}::uuid[]) and b.id = s.id and b.company_id = ${p("companyId")}::uuid
         and (case when s.via = 'credits' then true
                   when s.prepaid then b.prepaid_leads_remaining > 0 else b.all_you_can_eat_enabled end)
      returning b.id
    ), skipped as (
      insert into buyer_lead_skips (buyer_id, lead_id, company_id, code)
      select s.id, ${p("leadId")}::uuid, ${p("companyId")}::uuid, s.code
        from jsonb_to_recordset(${p("skips")}::jsonb) as s(id uuid, code text)
      on conflict (buyer_id, lead_id) do nothing
      returning 1
    ), decided as (
      insert into lead_routing_decisions (lead_id, company_id, reasons)
      values (${p("leadId")}::uuid, ${p("companyId")}::uuid, ${p("reasons")}::jsonb)
      on conflict (lead_id) do update set reasons = lead_routing_decisions.reasons || excluded.reasons
      returning 1
    ), noticed as (
      insert into new_lead_notices (lead_id, company_id, buyer_ids)
      select ${p("leadId")}::uuid, ${p("companyId")}::uuid, n.ids
        from (select ${p("fullIds")}::uuid[] as ids) n where ${p("noticed")}::boolean
      on conflict (lead_id) do update
        set buyer_ids = array(select distinct unnest(new_lead_notices.buyer_ids || excluded.buyer_ids))
      returning 1
    ), sold as (
      select count(*)::int as n from full_in
    ), routed as (
      update leads
         set sale_count = sale_count + (select n from sold),
             status = case when ${p("reachedNobody")}::boolean then 'unrouted'
                           when sale_count + (select n from sold) >= sale_cap then 'sold_out'
                           else 'routed' end,
             routed_at = case when ${p("located")}::boolean then now() else routed_at end,
             updated_at = now()
       where id = ${p("leadId")}::uuid and company_id = ${p("companyId")}::uuid
      returning 1
    ), announced as (
      select pg_notify('lead_previews',
               json_build_object('companyId', ${p("companyId")}::uuid, 'leadId', ${p("leadId")}::uuid)::text)
       where ${p("previewed")}::boolean
    )
    select (select n from sold) as sold, (select count(*)::int from moved) as moved,
           (select count(*)::int from announced) as announced, (select count(*)::int from skipped) as skipped`,
);

/**
 * Everything a routing writes, in one statement: the full-access entries; only for entries that are
 * new, each buyer's turn (the statement's time plus one microsecond per place in the serving order)
 * and, for prepaid buyers, one prepaid lead taken with a conditional update (so a count never goes
 * below zero), updating only those buyers, by id; the decision as one row with its reasons; the lead's
 * sale count and status; the new-lead notices owed, as one `new_lead_notices` row (sent by a job after
 * the commit); and, when some buyer sees the lead as a preview, one NOTIFY `lead_previews` that the
 * event streams turn into a "new lead" event for the buyers concerned. No row per preview.
 * Returns the deliveries made.
 */
export async function writeRouting(tx: Db, w: TRoutingWrite): Promise<number> {
  const full = JSON.stringify(
    w.full.map((e, ord) => ({
      id: e.buyerId,
      prepaid: e.via === "prepaid" || e.via === null,
      via: e.via ?? "prepaid",
      credits: e.credits ?? 0,
      ord,
    })),
  );
  const [row] = await routingWrite(tx, {
    full,
    fullIds: uuidArray(w.full.map((e) => e.buyerId)),
    companyId: w.lead.companyId,
    leadId: w.lead.id,
    reasons: JSON.stringify(w.reasons),
    noticed: w.noticed ?? false,
    reachedNobody: w.reachedNobody,
    located: w.located,
    previewed: w.previewed,
    skips: JSON.stringify((w.skips ?? []).map((k) => ({ id: k.buyerId, code: k.code }))),
  });
  const sold = Number(row?.sold ?? 0);
  // Cannot happen while the rows are locked; if it ever did, the whole routing rolls back and retries.
  if (Number(row?.moved ?? 0) !== sold) throw new Error("a buyer lost its allowance during routing");
  return sold;
}
