import type { TDistributionMethod, TMethodSettings } from "@leadpost/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { col, queryRows, rowOf } from "../../../../db/raw";
import { buyerBids, buyers, formDistributionBuyers } from "../../../../db/schema";
import { uuidArray } from "../candidates";

const rankedRow = rowOf({
  buyer_id: col.text,
  position: col.number,
  weight: col.number,
  served: col.number,
  name: col.text,
});
const bidRow = rowOf({ buyer_id: col.text, credits: col.number });

/**
 * The form's distribution settings, read after the candidates are locked (decide/candidates.ts): a
 * routing of another lead that served one of them first has committed its weighted counts by then, so
 * every instance reads the counts as they are. The bids are those of the lead's niche.
 */
export async function loadMethodSettings(
  tx: Db,
  lead: { companyId: string; formId: string | null; nicheId: string | null },
  method: TDistributionMethod,
  bidderIds: readonly string[],
): Promise<TMethodSettings> {
  const ranked = lead.formId
    ? await queryRows(
        tx,
        rankedRow,
        sql`select r.buyer_id, r.position, r.weight, r.served, coalesce(b.company_name, b.contact_name) as name
              from ${formDistributionBuyers} r
              join ${buyers} b on b.id = r.buyer_id and b.company_id = r.company_id
             where r.form_id = ${lead.formId}::uuid and r.company_id = ${lead.companyId}::uuid
             order by r.position`,
      )
    : [];
  const bids =
    method === "highest_price" && lead.nicheId && bidderIds.length > 0
      ? await queryRows(
          tx,
          bidRow,
          sql`select buyer_id, credits from ${buyerBids}
               where company_id = ${lead.companyId}::uuid and niche_id = ${lead.nicheId}::uuid
                 and buyer_id = any(${uuidArray(bidderIds)}::uuid[])`,
        )
      : [];
  return {
    method,
    ranked: ranked.map((r) => ({
      buyerId: r.buyer_id,
      name: r.name,
      position: Number(r.position),
      weight: Number(r.weight),
      served: Number(r.served),
    })),
    bids: new Map(bids.map((b) => [b.buyer_id, Number(b.credits)])),
  };
}

/**
 * The weighted counts move with the routing's commit: one more for each buyer of the form's weights
 * that took the lead. Its rows are locked by the candidate statement (allowance holders), so two
 * routings never count from the same reading.
 */
export async function countWeightedServed(
  tx: Db,
  lead: { companyId: string; formId: string | null },
  buyerIds: readonly string[],
): Promise<void> {
  if (!lead.formId || buyerIds.length === 0) return;
  await tx.execute(
    sql`update ${formDistributionBuyers} set served = served + 1, updated_at = now()
         where form_id = ${lead.formId}::uuid and company_id = ${lead.companyId}::uuid
           and buyer_id = any(${uuidArray(buyerIds)}::uuid[]) and weight > 0`,
  );
}
