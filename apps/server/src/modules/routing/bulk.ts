import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export type TDecisionInput = {
  buyerId: string | null;
  matched: boolean;
  reason: string;
  distanceMiles: number | null;
  outcome: "full_access" | "preview" | "email" | "none";
};

/*
 * A lead near many buyers writes hundreds of rows; one statement over a JSON parameter keeps that to
 * one round trip with a tiny query text (a multi-row VALUES of that size costs more to build than to run).
 */

/** Decisions in the order given: strictly increasing creation times keep it on the lead detail. */
export async function insertDecisions(
  tx: Db,
  lead: { id: string; companyId: string },
  rows: readonly TDecisionInput[],
) {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r, ord) => ({
      buyer_id: r.buyerId,
      matched: r.matched,
      reason: r.reason,
      distance_miles: r.distanceMiles,
      outcome: r.outcome,
      ord,
    })),
  );
  await tx.execute(sql`
    insert into lead_routing_decisions
      (company_id, lead_id, buyer_id, matched, reason, distance_miles, outcome, created_at)
    select ${lead.companyId}::uuid, ${lead.id}::uuid, r.buyer_id, r.matched, r.reason, r.distance_miles, r.outcome,
           statement_timestamp() + r.ord * interval '1 microsecond'
      from jsonb_to_recordset(${json}::jsonb)
        as r(buyer_id uuid, matched boolean, reason text, distance_miles float8, outcome text, ord int)`);
}

/** Preview entries for these buyers; a buyer already holding the lead keeps what it has. */
export async function insertPreviews(
  tx: Db,
  lead: { id: string; companyId: string },
  buyerIds: readonly string[],
) {
  if (buyerIds.length === 0) return;
  await tx.execute(sql`
    insert into buyer_leads (company_id, buyer_id, lead_id, is_preview)
    select ${lead.companyId}::uuid, b.id::uuid, ${lead.id}::uuid, true
      from jsonb_array_elements_text(${JSON.stringify(buyerIds)}::jsonb) as b(id)
    on conflict (buyer_id, lead_id) do nothing`);
}
