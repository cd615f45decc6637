import { PLATFORM_LIST_PAGE_SIZE, type TSubscriberList, type TSubscriberQuery } from "@leadpost/shared";
import { asc, count, desc, ilike, or, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { buyers, companies, leads, userRoles } from "../../db/schema";

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

// Correlated subqueries need the outer row's id qualified (a bare "id" would be the inner table's).
const companyId = sql.raw(`"companies"."id"`);
const seatsUsed = sql<number>`(select count(*) from ${userRoles} where ${userRoles.companyId} = ${companyId})::int`;
const buyerCount = sql<number>`(select count(*) from ${buyers} where ${buyers.companyId} = ${companyId} and ${buyers.deletedAt} is null)::int`;
const leadCount = sql<number>`(select count(*) from ${leads} where ${leads.companyId} = ${companyId} and not ${leads.isTest})::int`;

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
    items: rows.map((r) => ({
      ...r,
      seatsUsed: Number(r.seatsUsed),
      buyers: Number(r.buyers),
      leads: Number(r.leads),
      trialExpiresAt: r.trialExpiresAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: PLATFORM_LIST_PAGE_SIZE,
  };
}
