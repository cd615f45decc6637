import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { buyers } from "../../db/schema";

/**
 * THE rule for "the same buyer", used by Add Buyer, the invitation flow and buyer applications alike
 * (and enforced by the buyers_company_email_niche_unique index): a buyer of the same company, not
 * archived, with the same e-mail address in any letter case and the same niche (no niche counts as
 * one niche of its own). Returns that buyer, if any.
 */
export async function findSameBuyer(
  db: DbOrTx,
  companyId: string,
  email: string,
  nicheId: string | null | undefined,
) {
  const [row] = await db
    .select()
    .from(buyers)
    .where(
      and(
        eq(buyers.companyId, companyId),
        eq(sql`lower(${buyers.email})`, email.trim().toLowerCase()),
        sql`coalesce(${buyers.nicheId}::text, '') = ${nicheId ?? ""}`,
        isNull(buyers.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
