import { sql } from "drizzle-orm";
import { buyers, leads, userRoles } from "../../db/schema";

// Per-company figures read beside a companies row (Subscribers list and a company's page).
// Correlated subqueries need the outer row's id qualified (a bare "id" would be the inner table's).
const companyId = sql.raw(`"companies"."id"`);

export const seatsUsed = sql<number>`(select count(*) from ${userRoles} where ${userRoles.companyId} = ${companyId})::int`;
export const buyerCount = sql<number>`(select count(*) from ${buyers} where ${buyers.companyId} = ${companyId} and ${buyers.deletedAt} is null)::int`;
export const leadCount = sql<number>`(select count(*) from ${leads} where ${leads.companyId} = ${companyId} and not ${leads.isTest})::int`;
/** The newest lead or sign-in activity of the company's users, whichever is later. */
// Written with aliases: the query builder leaves single-table columns unqualified, and both tables
// of the join have a user_id.
export const lastActivityAt = sql<string | null>`greatest(
  (select max(${leads.createdAt}) from ${leads} where ${leads.companyId} = ${companyId}),
  ${sql.raw(`(select max(s.updated_at) from sessions s join user_roles r on r.user_id = s.user_id
     where r.company_id = "companies"."id")`)}
)::text`;

/** A timestamp read as text (above) to ISO, or null. */
export const isoOrNull = (text: string | null) => (text ? new Date(text).toISOString() : null);

type TUsageRow = {
  seatsUsed: number;
  buyers: number;
  leads: number;
  trialExpiresAt: Date | null;
  suspendedAt: Date | null;
  lastActivityAt: string | null;
  createdAt: Date;
};

/** A companies row read with the figures above, as the API answers it (numbers and ISO times). */
export function usageOut<T extends TUsageRow>(row: T) {
  return {
    ...row,
    seatsUsed: Number(row.seatsUsed),
    buyers: Number(row.buyers),
    leads: Number(row.leads),
    trialExpiresAt: row.trialExpiresAt?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    lastActivityAt: isoOrNull(row.lastActivityAt),
    createdAt: row.createdAt.toISOString(),
  };
}
