import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { leads, niches } from "../../db/schema";
import { answersOf } from "../../lib/lead-answers";
import type { TDeliveredLead } from "./payload";

const answerText = (value: unknown) =>
  value === null || value === undefined ? "" : Array.isArray(value) ? value.join(", ") : String(value);

/** The lead as delivered: every field and answer (the buyer holds it in full), or null if deleted. */
export async function deliveredLead(
  deps: Pick<TDeps, "database">,
  companyId: string,
  leadId: string,
): Promise<TDeliveredLead | null> {
  const [row] = await deps.database.db
    .select({ lead: leads, niche: niches.name })
    .from(leads)
    .leftJoin(niches, and(eq(niches.id, leads.nicheId), eq(niches.companyId, leads.companyId)))
    .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId)));
  if (!row) return null;
  const { lead } = row;
  return {
    id: lead.id,
    createdAt: lead.createdAt.toISOString(),
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    city: lead.city,
    state: lead.state,
    zipCode: lead.zipCode,
    serviceType: lead.serviceType,
    niche: row.niche,
    source: lead.source,
    answers: answersOf(lead).map((a) => ({ label: a.label, value: answerText(a.value) })),
  };
}
