import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { col, queryRows, rowOf } from "../../../db/raw";
import {
  buyerBox,
  derivedPreviewRule,
  dismissedSql,
  distanceSql,
  isPreviewSql,
  leadLocated,
  leadPoint,
  legacyPreviewSql,
  previewBuyersOfLead,
  previewBuyersOfLeadWithDismissed,
} from "./rule";

type TBuyerScope = { buyerId: string | SQL; companyId: string | SQL };

/**
 * The ids of the buyer's previews, as a subquery: the leads near the buyer (the leads_location_point
 * index inside its service-area box) that pass the rule, and the preview rows stored before previews
 * were derived. Dismissed ones are left out. The company is the session's, on both sides. `leadFilter`
 * (written on the alias `l`) narrows both.
 */
export function previewLeadIdsOf(scope: TBuyerScope, leadFilter?: SQL): SQL {
  const narrowed = leadFilter ? sql`and ${leadFilter}` : sql``;
  return sql`
    select l.id from buyers b
      join leads l on l.company_id = b.company_id and ${leadLocated} and ${leadPoint} <@ ${buyerBox}
     where b.id = ${scope.buyerId}::uuid and b.company_id = ${scope.companyId}::uuid
       and ${derivedPreviewRule} and not ${dismissedSql} ${narrowed}
    union all
    select h.lead_id from buyer_leads h
      join leads l on l.id = h.lead_id and l.company_id = h.company_id
     where h.buyer_id = ${scope.buyerId}::uuid and h.company_id = ${scope.companyId}::uuid and h.is_preview
       ${narrowed}`;
}

/**
 * Up to how many of the company's leads in a buyer's service-area box the previews list reads through
 * the box (leads_location_point): evaluating the rule on each and sorting them is the cheaper way while
 * they are few. Past it the list walks the company's leads newest first instead ((company_id,
 * created_at, id)), where one lead in (leads / this) or more is in the box, so a page is reached within
 * a bounded number of leads read. (An object, so a test can lower it and read a few leads by the walk.)
 */
export const previewReads = { boxReadLimit: 2_000 };

/** The company's located leads in the buyer's service-area box, counted up to `limit` + 1. */
export function leadsInBuyerBoxUpTo(scope: TBuyerScope, limit: number): SQL {
  return sql`
    select count(*)::int as n from (
      select 1 from buyers b
        join leads l on l.company_id = b.company_id and ${leadLocated} and ${leadPoint} <@ ${buyerBox}
       where b.id = ${scope.buyerId}::uuid and b.company_id = ${scope.companyId}::uuid
       limit ${limit + 1}) x`;
}

/**
 * Whether the lead is one of the buyer's previews, as a condition for a walk of the company's leads
 * newest first: the same answer as isPreviewOf, with the lead's place checked against the box first
 * (arithmetic, not the box index, which would read every lead in the box before the first).
 */
export function isPreviewInWalkOf(scope: TBuyerScope, leadId: SQL | string): SQL {
  return sql`exists (
    select 1 from buyers b join leads l on l.company_id = b.company_id
     where b.id = ${scope.buyerId}::uuid and b.company_id = ${scope.companyId}::uuid
       and l.id = ${leadId}::uuid and not ${dismissedSql}
       and (${legacyPreviewSql} or (box(${leadPoint}, ${leadPoint}) <@ ${buyerBox} and ${derivedPreviewRule})))`;
}

/** Whether the lead is one of the buyer's previews (derived or stored), as a condition. */
export function isPreviewOf(scope: TBuyerScope, leadId: SQL | string): SQL {
  return sql`exists (
    select 1 from buyers b join leads l on l.company_id = b.company_id
     where b.id = ${scope.buyerId}::uuid and b.company_id = ${scope.companyId}::uuid
       and l.id = ${leadId}::uuid and ${isPreviewSql})`;
}

export type TLeadPreviewBuyer = {
  buyerId: string;
  distanceMiles: number | null;
  /** The buyer's service radius in miles, for the reason the lead detail shows. */
  serviceRadius: number;
  /** A preview row stored by routing before previews were derived. */
  stored: boolean;
  /** The buyer deleted it from its previews (only with `withDismissed`). */
  dismissed: boolean;
};

/**
 * The buyers a lead reaches as a preview (the new-lead notices, the live event, the lead detail):
 * the company's buyers whose service-area box holds the lead (buyers_service_area_box), passing the
 * rule, plus stored preview rows; none dismissed unless `withDismissed` (the routing decisions list
 * what routing decided, whatever the buyer did since). `among` narrows to some buyers (a stream's own).
 */
export async function leadPreviewBuyers(
  db: DbOrTx,
  lead: { id: string; companyId: string },
  opts: { among?: readonly string[]; withDismissed?: boolean } = {},
): Promise<TLeadPreviewBuyer[]> {
  const narrowed = opts.among ? sql`and b.id = any(${`{${opts.among.join(",")}}`}::uuid[])` : sql``;
  const rule = opts.withDismissed ? previewBuyersOfLeadWithDismissed : previewBuyersOfLead;
  const rows = await queryRows(
    db,
    rowOf({
      buyer_id: col.text,
      distance: col.orNull(col.number),
      service_radius: col.number,
      stored: col.boolean,
      dismissed: col.boolean,
    }),
    sql`
    select b.id as buyer_id, ${distanceSql}::float8 as distance, b.service_radius, false as stored,
           ${dismissedSql} as dismissed
      from leads l
      join buyers b on b.company_id = l.company_id
     where l.id = ${lead.id}::uuid and l.company_id = ${lead.companyId}::uuid ${narrowed}
       and ${rule}
    union all
    select h.buyer_id, null, b.service_radius, true, false from buyer_leads h join buyers b on b.id = h.buyer_id
     where h.lead_id = ${lead.id}::uuid and h.company_id = ${lead.companyId}::uuid and h.is_preview ${narrowed}`,
  );
  return rows.map((r) => ({
    buyerId: r.buyer_id,
    distanceMiles: r.distance === null ? null : Number(r.distance),
    serviceRadius: Number(r.service_radius),
    stored: r.stored,
    dismissed: r.dismissed,
  }));
}
