import { PLATFORM_LIST_PAGE_SIZE, type TSubscriberList, type TSubscriberQuery } from "@leadpost/shared";
import { asc, count, desc, ilike, or, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { companies } from "../../db/schema";
import { buyerCount, lastActivityAt, leadCount, seatsUsed, usageOut } from "./company-usage";

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const SORT_COLUMNS = {
  name: sql`lower(${companies.name})`,
  tier: sql`array_position(array['free','basic','pro','enterprise'], ${companies.subscriptionTier})`,
  status: sql`coalesce(${companies.subscriptionStatus}, '')`,
  trialEnd: companies.trialExpiresAt,
  seatsUsed,
  buyers: buyerCount,
  leads: leadCount,
} as const;

/** The Subscribers page: every company with its tier, subscription, trial end, seats, buyers and leads. */
export async function listSubscribers(
  deps: Pick<TDeps, "database">,
  query: TSubscriberQuery,
): Promise<TSubscriberList> {
  const db = deps.database.db;
  const pattern = query.search ? containing(query.search) : null;
  const where = pattern
    ? or(ilike(companies.name, pattern), ilike(companies.adminEmail, pattern))
    : undefined;
  const order = query.dir === "desc" ? desc(SORT_COLUMNS[query.sort]) : asc(SORT_COLUMNS[query.sort]);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        companyId: companies.id,
        name: companies.name,
        adminEmail: companies.adminEmail,
        tier: companies.subscriptionTier,
        subscriptionStatus: companies.subscriptionStatus,
        trialExpiresAt: companies.trialExpiresAt,
        seats: companies.seats,
        seatsUsed,
        buyers: buyerCount,
        leads: leadCount,
        suspendedAt: companies.suspendedAt,
        lastActivityAt,
        createdAt: companies.createdAt,
      })
      .from(companies)
      .where(where)
      .orderBy(order, asc(companies.id))
      .limit(PLATFORM_LIST_PAGE_SIZE)
      .offset((query.page - 1) * PLATFORM_LIST_PAGE_SIZE),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return {
    items: rows.map(usageOut),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: PLATFORM_LIST_PAGE_SIZE,
  };
}
