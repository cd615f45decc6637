import { serviceBox, type TRoutingBuyer } from "@leadpost/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRowsPrepared } from "../../db/raw";
import { buyers, serviceAreaBox } from "../../db/schema";

export type TCandidate = TRoutingBuyer & { email: string; name: string };

/**
 * Buyers whose service area ends within this many miles of the lead still get a decision of their
 * own ("Outside service radius (32 mi, radius 25 mi)"): the near misses an admin asks about.
 */
export const NEAR_MISS_MILES = 10;

/** A box around the lead, (x = longitude, y = latitude) like the service-area boxes. */
function nearLeadBox(lead: { latitude: number; longitude: number }) {
  const b = serviceBox(lead, NEAR_MISS_MILES);
  return sql`box(point(${b.minLng}::float8, ${b.minLat}::float8), point(${b.maxLng}::float8, ${b.maxLat}::float8))`;
}

/** A uuid[] parameter as one array literal (ids come from the database, never from a request). */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

type TCandidateRow = {
  id: string | null;
  status: TRoutingBuyer["status"];
  deleted_at: unknown;
  is_paused: boolean;
  niche_id: string | null;
  latitude: number | null;
  longitude: number | null;
  service_radius: number;
  all_you_can_eat_enabled: boolean;
  prepaid_leads_remaining: number;
  last_served_us: number | string | null;
  created_at: unknown;
  contact_name: string;
  company_name: string | null;
  email: string;
  others_outside: boolean;
};

// The columns routing reads, with the round-robin time in exact microseconds (buyers served in one
// routing are microseconds apart, finer than a JS Date).
const COLUMNS = sql.raw(`id, status, deleted_at, is_paused, niche_id, latitude, longitude, service_radius,
  all_you_can_eat_enabled, prepaid_leads_remaining,
  (extract(epoch from last_served_at) * 1000000)::float8 as last_served_us,
  created_at, contact_name, company_name, email`);

export type TCandidates = {
  candidates: TCandidate[];
  /** Whether the company has a buyer (not archived) outside the candidates, for the summary line. */
  othersOutside: boolean;
};

/**
 * One statement per lead: the buyers worth a decision, with the ones that may get full access locked.
 * Candidates are the form buyer list's members when it has one (a bounded list, each shown with its
 * reason), else the company's buyers whose service-area box comes within NEAR_MISS_MILES of the lead,
 * through the GiST index, so a company with thousands of buyers reads only the few near the lead.
 *
 * With `lockAllowanceHolders`, the candidates that could get full access (active, unpaused, the lead's
 * niche, an allowance left, the lead inside their service box) are locked in id order (so concurrent
 * routings never deadlock) and their locked, committed state replaces the snapshot: the round-robin
 * position and prepaid count used are the latest, and a routing of another lead waits here until this
 * one has moved them. The exact rules and distance are then checked by evaluateBuyer.
 */
export async function findCandidates(
  tx: Db,
  lead: { companyId: string; latitude: number; longitude: number; nicheId: string | null },
  formBuyerIds: readonly string[],
  lockAllowanceHolders: boolean,
): Promise<TCandidates> {
  const inScope = (): SQL =>
    formBuyerIds.length > 0
      ? sql`${buyers.id} = any(${uuidArray(formBuyerIds)}::uuid[])`
      : sql`${serviceAreaBox(buyers)} && ${nearLeadBox(lead)}`;
  const point = sql`point(${lead.longitude}::float8, ${lead.latitude}::float8)`;
  const rows = await queryRowsPrepared<TCandidateRow>(
    tx,
    sql`
    with c as materialized (
      select ${COLUMNS}, coalesce(${serviceAreaBox(buyers)} @> ${point}, false) as covers_lead
        from ${buyers}
       where ${buyers.companyId} = ${lead.companyId}::uuid and ${inScope()}
    ), l as (
      select ${COLUMNS} from ${buyers}
       where ${buyers.companyId} = ${lead.companyId}::uuid
         and ${buyers.id} in (
           select c.id from c
            where ${lockAllowanceHolders}::boolean and c.deleted_at is null and c.status = 'active'
              and not c.is_paused and c.covers_lead
              and (${lead.nicheId}::uuid is null or c.niche_id = ${lead.nicheId}::uuid)
              and (c.all_you_can_eat_enabled or c.prepaid_leads_remaining > 0))
       order by ${buyers.id}
       for no key update
    ), o as materialized (
      -- Evaluated first and once: takes every lock of l, and looks for one buyer outside the candidates.
      select (select count(*) from l) as locked,
             exists (select 1 from ${buyers}
                      where ${buyers.companyId} = ${lead.companyId}::uuid and ${buyers.deletedAt} is null
                        and not coalesce(${inScope()}, false)) as others_outside
    )
    select coalesce(l.id, c.id) as id, coalesce(l.status, c.status) as status,
           case when l.id is null then c.deleted_at else l.deleted_at end as deleted_at,
           coalesce(l.is_paused, c.is_paused) as is_paused,
           case when l.id is null then c.niche_id else l.niche_id end as niche_id,
           c.latitude, c.longitude, c.service_radius,
           coalesce(l.all_you_can_eat_enabled, c.all_you_can_eat_enabled) as all_you_can_eat_enabled,
           coalesce(l.prepaid_leads_remaining, c.prepaid_leads_remaining) as prepaid_leads_remaining,
           case when l.id is null then c.last_served_us else l.last_served_us end as last_served_us,
           c.created_at, c.contact_name, c.company_name, c.email, o.others_outside, o.locked
      from o left join (c left join l on l.id = c.id) on true`,
  );
  const othersOutside = rows[0]?.others_outside ?? false;
  const candidates = rows.flatMap((row) => (row.id === null ? [] : [toCandidate(row)]));
  return { candidates, othersOutside };
}

function toCandidate(row: TCandidateRow): TCandidate {
  return {
    id: row.id as string,
    status: row.status,
    archived: row.deleted_at !== null,
    isPaused: row.is_paused,
    nicheId: row.niche_id,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    serviceRadius: Number(row.service_radius),
    allYouCanEat: row.all_you_can_eat_enabled,
    prepaidRemaining: Number(row.prepaid_leads_remaining),
    lastServedUs: row.last_served_us === null ? null : Number(row.last_served_us),
    createdAt: new Date(row.created_at as string),
    email: row.email,
    name: row.company_name ?? row.contact_name,
  };
}
