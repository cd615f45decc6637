import type { TFormOptions } from "@leadpost/shared";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { buyers, niches } from "../../db/schema";
import type { TCompanyContext } from "../../plugins/tenant";

/** The builder's choices for a form's niche and buyer list: this company's only. */
export async function listFormOptions(
  deps: Pick<TDeps, "database">,
  ctx: TCompanyContext,
): Promise<TFormOptions> {
  const db = deps.database.db;
  const [nicheRows, buyerRows] = await Promise.all([
    db
      .select({ id: niches.id, name: niches.name })
      .from(niches)
      .where(eq(niches.companyId, ctx.companyId))
      .orderBy(asc(niches.name)),
    db
      .select({
        id: buyers.id,
        companyName: buyers.companyName,
        contactName: buyers.contactName,
        status: buyers.status,
        nicheId: buyers.nicheId,
      })
      .from(buyers)
      .where(and(eq(buyers.companyId, ctx.companyId), isNull(buyers.deletedAt)))
      .orderBy(asc(buyers.companyName), asc(buyers.contactName)),
  ]);
  return {
    niches: nicheRows,
    buyers: buyerRows.map((b) => ({
      id: b.id,
      name: b.companyName || b.contactName,
      status: b.status,
      nicheId: b.nicheId,
    })),
  };
}
