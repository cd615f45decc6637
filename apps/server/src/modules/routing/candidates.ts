import { serviceBox, type TRoutingBuyer } from "@leadpost/shared";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { buyers, serviceAreaBox } from "../../db/schema";

const candidateColumns = {
  id: buyers.id,
  status: buyers.status,
  deletedAt: buyers.deletedAt,
  isPaused: buyers.isPaused,
  nicheId: buyers.nicheId,
  latitude: buyers.latitude,
  longitude: buyers.longitude,
  serviceRadius: buyers.serviceRadius,
  allYouCanEatEnabled: buyers.allYouCanEatEnabled,
  prepaidLeadsRemaining: buyers.prepaidLeadsRemaining,
  // Microseconds, exactly: buyers served in one routing are microseconds apart.
  lastServedUs: sql<number | null>`(extract(epoch from ${buyers.lastServedAt}) * 1000000)::float8`,
  createdAt: buyers.createdAt,
  contactName: buyers.contactName,
  companyName: buyers.companyName,
  email: buyers.email,
};
type TCandidateRow = Pick<
  typeof buyers.$inferSelect,
  Exclude<keyof typeof candidateColumns, "lastServedUs">
> & {
  lastServedUs: number | string | null;
};

export type TCandidate = TRoutingBuyer & { email: string; name: string };

export function toRoutingBuyer(row: TCandidateRow): TCandidate {
  return {
    id: row.id,
    status: row.status,
    archived: row.deletedAt !== null,
    isPaused: row.isPaused,
    nicheId: row.nicheId,
    latitude: row.latitude,
    longitude: row.longitude,
    serviceRadius: row.serviceRadius,
    allYouCanEat: row.allYouCanEatEnabled,
    prepaidRemaining: row.prepaidLeadsRemaining,
    lastServedUs: row.lastServedUs === null ? null : Number(row.lastServedUs),
    createdAt: row.createdAt,
    email: row.email,
    name: row.companyName ?? row.contactName,
  };
}

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

/**
 * The buyers worth a decision: with a form buyer list, its members (a bounded list, each shown with
 * its reason); otherwise the company's buyers whose service-area box comes within NEAR_MISS_MILES of
 * the lead, found through the GiST index, so a company with thousands of buyers reads only the few near the lead. The exact
 * rules and distance are then checked by evaluateBuyer.
 */
export async function findCandidates(
  tx: Db,
  companyId: string,
  lead: { latitude: number; longitude: number },
  formBuyerIds: readonly string[],
): Promise<TCandidate[]> {
  const where: SQL | undefined =
    formBuyerIds.length > 0
      ? inArray(buyers.id, [...formBuyerIds])
      : sql`${serviceAreaBox(buyers)} && ${nearLeadBox(lead)}`;
  const rows = await tx
    .select(candidateColumns)
    .from(buyers)
    .where(and(eq(buyers.companyId, companyId), where));
  return rows.map(toRoutingBuyer);
}

/**
 * Whether the company has a buyer (not archived) besides these, for the closing summary line: stops at
 * the first one found, so it stays cheap with thousands of buyers.
 */
export async function hasOtherBuyers(tx: Db, companyId: string, listed: readonly string[]): Promise<boolean> {
  const [row] = await tx
    .select({ id: buyers.id })
    .from(buyers)
    .where(
      and(
        eq(buyers.companyId, companyId),
        isNull(buyers.deletedAt),
        listed.length > 0
          ? sql`${buyers.id} not in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(listed)}::jsonb))`
          : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the buyers who may get full access, in id order (so concurrent routings never deadlock), and
 * re-reads them: the round-robin position and prepaid count used are the committed ones, and a second
 * routing of another lead waits here until this one has moved them.
 */
export async function lockAllowanceHolders(tx: Db, companyId: string, ids: string[]): Promise<TCandidate[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select(candidateColumns)
    .from(buyers)
    .where(and(eq(buyers.companyId, companyId), inArray(buyers.id, ids)))
    .orderBy(buyers.id)
    .for("no key update");
  return rows.map(toRoutingBuyer);
}
