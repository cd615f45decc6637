import { creditsForPrice, type TBuyer } from "@leadpost/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { buyers, niches } from "../../db/schema";
import { lookupZip } from "../../integrations/geocoding/zip-centroids";

/** The columns every buyer answer is built from: the buyer, its niche, and whether an invitation waits. */
export const buyerColumns = {
  buyer: buyers,
  niche: { id: niches.id, name: niches.name, price: niches.price },
  // Spelled out: the query builder leaves columns unqualified in single-table selects.
  invitationPending: sql<boolean>`exists (select 1 from buyer_invitations i where i.buyer_id = buyers.id and i.status = 'pending' and i.expires_at > now())`,
};

type TBuyerRow = {
  buyer: typeof buyers.$inferSelect;
  niche: { id: string | null; name: string | null; price: number | null } | null;
  invitationPending: boolean;
};

export function toBuyer(row: TBuyerRow, creditValueUsd: number): TBuyer {
  const b = row.buyer;
  const niche = row.niche?.id
    ? { id: row.niche.id, name: row.niche.name ?? "", price: Number(row.niche.price ?? 0) }
    : null;
  const costPerLead = b.costPerLead === null ? null : Number(b.costPerLead);
  const effectivePrice = costPerLead ?? niche?.price ?? null;
  return {
    id: b.id,
    contactName: b.contactName,
    companyName: b.companyName,
    email: b.email,
    phoneNumber: b.phoneNumber,
    address: b.address,
    city: b.city,
    state: b.state,
    zipCode: b.zipCode,
    latitude: b.latitude,
    longitude: b.longitude,
    serviceRadius: b.serviceRadius,
    serviceType: b.serviceType,
    niche,
    status: b.status,
    source: b.source,
    hasAccount: b.userId !== null,
    invitationPending: Boolean(row.invitationPending),
    allYouCanEatEnabled: b.allYouCanEatEnabled,
    costPerLead,
    effectivePrice,
    costPerLeadCredits: effectivePrice === null ? null : creditsForPrice(effectivePrice, creditValueUsd),
    prepaidLeadsTotal: b.prepaidLeadsTotal,
    prepaidLeadsRemaining: b.prepaidLeadsRemaining,
    creditBalance: b.creditBalance,
    createdAt: b.createdAt.toISOString(),
    dailyCap: b.dailyCap,
    weeklyCap: b.weeklyCap,
    monthlyCap: b.monthlyCap,
    spendCapCredits: b.spendCapCredits,
    timeZone: b.timeZone,
    deliveryHours: b.deliveryHours,
    isPaused: b.isPaused,
    pausedUntil: b.pausedUntil?.toISOString() ?? null,
  };
}

/** One buyer of the company (archived ones excluded), as the cards show it. */
export async function selectBuyer(db: Db, companyId: string, buyerId: string) {
  const [row] = await db
    .select(buyerColumns)
    .from(buyers)
    .leftJoin(niches, eq(niches.id, buyers.nicheId))
    .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, companyId), sql`${buyers.deletedAt} is null`));
  return row ?? null;
}

/**
 * The zip's centroid from the offline dataset, so routing can measure distances; city and state are
 * filled from the zip when left empty. An unknown zip keeps no location (the buyer then matches no
 * located lead until it is corrected).
 */
export function locate(zipCode: string | null, city: string | null, state: string | null) {
  const found = lookupZip(zipCode);
  return {
    latitude: found?.latitude ?? null,
    longitude: found?.longitude ?? null,
    city: city ?? found?.city ?? null,
    state: state ?? found?.state ?? null,
  };
}
