import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { forms, leads } from "../../db/schema";

/** The company's form and lead counts for the dashboard tiles. */
export async function dashboardCounts(db: Db, companyId: string) {
  const [[formCount], [leadCount]] = await Promise.all([
    db.select({ n: count() }).from(forms).where(eq(forms.companyId, companyId)),
    db.select({ n: count() }).from(leads).where(eq(leads.companyId, companyId)),
  ]);
  return { formsCreated: Number(formCount?.n ?? 0), totalLeads: Number(leadCount?.n ?? 0) };
}
