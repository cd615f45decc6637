import type { TRealtimeEvent } from "@leadpost/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { buyers, userRoles } from "../../db/schema";

/**
 * Which events a user may see: their own buyer records' events, and company-wide events of their
 * companies; and the user's buyer records of a company (for the derived previews of `lead_previews`).
 */
export async function audienceOf(deps: Pick<TDeps, "database">, userId: string) {
  const db = deps.database.db;
  const [buyerRows, roleRows] = await Promise.all([
    db
      .select({ id: buyers.id, companyId: buyers.companyId })
      .from(buyers)
      .where(and(eq(buyers.userId, userId), eq(buyers.status, "active"), isNull(buyers.deletedAt))),
    db.select({ companyId: userRoles.companyId }).from(userRoles).where(eq(userRoles.userId, userId)),
  ]);
  const buyerIds = new Set(buyerRows.map((b) => b.id));
  const companyIds = new Set([...buyerRows.map((b) => b.companyId), ...roleRows.map((r) => r.companyId)]);
  return {
    allows: (event: TRealtimeEvent) =>
      event.payload.buyerId ? buyerIds.has(event.payload.buyerId) : companyIds.has(event.payload.companyId),
    buyersIn: (companyId: string) => buyerRows.filter((b) => b.companyId === companyId).map((b) => b.id),
  };
}
