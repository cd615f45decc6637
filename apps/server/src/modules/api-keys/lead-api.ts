import { and, desc, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { leads } from "../../db/schema";

/**
 * The key's company's latest leads of the key's own kind: a sandbox key reads only test leads, a
 * production key only real ones (sandbox and production never mix).
 */
export async function listApiLeads(
  deps: Pick<TDeps, "database">,
  key: { companyId: string; sandbox: boolean },
  limit: number,
) {
  const rows = await deps.database.db
    .select({
      id: leads.id,
      formId: leads.formId,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      city: leads.city,
      state: leads.state,
      zipCode: leads.zipCode,
      status: leads.status,
      isTest: leads.isTest,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(and(eq(leads.companyId, key.companyId), eq(leads.isTest, key.sandbox)))
    .orderBy(desc(leads.createdAt))
    .limit(limit);
  return { leads: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
