import { desc, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { leads } from "../../db/schema";

/** The key's company's latest leads, test leads included (they carry isTest). */
export async function listApiLeads(deps: Pick<TDeps, "database">, companyId: string, limit: number) {
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
    .where(eq(leads.companyId, companyId))
    .orderBy(desc(leads.createdAt))
    .limit(limit);
  return { leads: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
