import { type SQL, sql } from "drizzle-orm";
import { greatCircleMiles, serviceAreaBox } from "../../../db/schema";
import {
  buyerColumnsOf,
  capColumnsOf,
  eligibilitySql,
  type TEligibilitySqlInputs,
} from "../decide/eligibility";

/**
 * Previews are derived on read (docs/routing.md "Previews"): routing writes no row per matched buyer.
 * These fragments are written against the aliases `l` (leads) and `b` (buyers); callers bind both and
 * filter the company from the session or the lead.
 */

/** Great-circle distance in miles between the buyer's and the lead's zip centroids. */
export const distanceSql = greatCircleMiles(
  { latitude: sql.raw("b.latitude"), longitude: sql.raw("b.longitude") },
  { latitude: sql.raw("l.latitude"), longitude: sql.raw("l.longitude") },
);

/** The buyer's service-area box (the GiST expression of buyers_service_area_box) for alias `b`. */
export const buyerBox = serviceAreaBox({
  latitude: sql.raw("b.latitude"),
  longitude: sql.raw("b.longitude"),
  serviceRadius: sql.raw("b.service_radius"),
});

/** The lead's place as the expression of the leads_location_point index (migration 0023). */
export const leadPoint = sql.raw("point(l.longitude, l.latitude)");
export const leadLocated = sql.raw("l.latitude is not null and l.longitude is not null");

/** The eligibility rules (decide/eligibility.ts) over buyer `b` and lead `l`, the list read from form_buyers. */
export const previewEligibilityInputs: TEligibilitySqlInputs = {
  buyer: buyerColumnsOf("b"),
  lead: { nicheId: sql.raw("l.niche_id"), answers: sql.raw("l.answers") },
  inFormList:
    sql.raw(`(not exists (select 1 from form_buyers fb where fb.form_id = l.form_id and fb.company_id = l.company_id)
       or exists (select 1 from form_buyers fb
                   where fb.form_id = l.form_id and fb.company_id = l.company_id and fb.buyer_id = b.id))`),
  distance: distanceSql,
  // A dated pause is read as it stands now; the counted rules are read back from routing's skips.
  caps: capColumnsOf("b", sql.raw("now()"), null),
};

/**
 * Routing skipped buyer `b` for lead `l` by a rule decided at that moment (a cap, delivery hours,
 * `atRouting` in decide/eligibility.ts): that answer stands, whatever the buyer's counts are now.
 */
export const skippedAtRoutingSql = sql.raw(
  "exists (select 1 from buyer_lead_skips s where s.buyer_id = b.id and s.lead_id = l.id)",
);

/**
 * Lead `l` reaches buyer `b` as a derived preview: the eligibility rules routing applies
 * (decide/eligibility.ts), on the buyer's current state, for leads routed since the buyer became
 * able to receive leads: the lead routed (not duplicate, test or unrouted) and located, of the
 * buyer's company, and not already held by the buyer (a full-access entry, or a preview row of before
 * migration 0023).
 */
export const derivedPreviewRule: SQL = sql`(
  l.company_id = b.company_id
  and l.status in ('routed', 'sold_out') and l.routed_at is not null
  and not l.is_duplicate and not l.is_test
  and l.latitude is not null and l.longitude is not null
  and b.receives_leads_since is not null and l.routed_at >= b.receives_leads_since
  and ${eligibilitySql(previewEligibilityInputs, (rule) => rule.atRouting !== true)}
  and not ${skippedAtRoutingSql}
  and not exists (select 1 from buyer_leads h where h.buyer_id = b.id and h.lead_id = l.id)
)`;

/** The buyer dismissed (deleted) lead `l` from its previews. */
export const dismissedSql = sql.raw(
  "exists (select 1 from buyer_lead_dismissals d where d.buyer_id = b.id and d.lead_id = l.id)",
);

/** A preview row written by routing before migration 0023: still the buyer's preview. */
export const legacyPreviewSql = sql.raw(
  "exists (select 1 from buyer_leads h where h.buyer_id = b.id and h.lead_id = l.id and h.is_preview)",
);

/** Lead `l` is a preview of buyer `b`: derived or a stored preview row, and not dismissed. */
export const isPreviewSql: SQL = sql`(not ${dismissedSql} and (${legacyPreviewSql} or ${derivedPreviewRule}))`;

/**
 * Lead `l` reached buyer `b` as a derived preview, dismissed since or not, written to read the lead's
 * buyers through the buyers_service_area_box index (the box holds the lead's point).
 */
export const previewBuyersOfLeadWithDismissed: SQL = sql`(${buyerBox} && box(${leadPoint}, ${leadPoint})
  and ${derivedPreviewRule})`;
/** Buyer `b` sees lead `l` as a derived preview (not dismissed). */
export const previewBuyersOfLead: SQL = sql`(${previewBuyersOfLeadWithDismissed} and not ${dismissedSql})`;
