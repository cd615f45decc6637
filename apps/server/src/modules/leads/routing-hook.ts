import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { leads } from "../../db/schema";

/** "routed": routing ran to the end (whatever it matched); "unrouted": no location, left for manual assignment. */
export type TRoutingOutcome = "routed" | "unrouted";

/**
 * THE routing hook: called once for every new non-spam lead after its submission is stored and
 * acknowledged, and again by the retry job while it throws. Throwing marks the submission's routing
 * as failed and schedules a retry; the visitor never sees it. Must be safe to run twice for a lead.
 *
 * Placeholder until routing is built (buyers engineer): it only marks a lead without a location as
 * unrouted and otherwise leaves it new, recording nothing else. The real one matches buyers
 * (PRODUCT §3), records lead_routing_decisions, and must not sell a lead with is_duplicate set.
 */
export async function routeLead(
  deps: Pick<TDeps, "database" | "logger">,
  leadId: string,
): Promise<{ outcome: TRoutingOutcome }> {
  const db = deps.database.db;
  const [lead] = await db
    .select({ companyId: leads.companyId, latitude: leads.latitude, longitude: leads.longitude })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead) throw new Error(`lead ${leadId} not found`);
  if (lead.latitude === null || lead.longitude === null) {
    await db
      .update(leads)
      .set({ status: "unrouted" })
      .where(and(eq(leads.id, leadId), eq(leads.companyId, lead.companyId)));
    return { outcome: "unrouted" };
  }
  return { outcome: "routed" };
}
