import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { buyerLeads, leads } from "../../src/db/schema";
import { leadPreviewBuyers } from "../../src/modules/lead-distribution";

export type THolder = { buyerId: string; isPreview: boolean; acquiredVia: string | null };

/**
 * Who holds a lead and how, as the buyers see it: the stored entries (full access, and preview rows
 * stored before previews were derived) and the buyers that see it as a derived preview.
 */
export async function leadHolders(db: Db, leadId: string): Promise<THolder[]> {
  const rows = await db.select().from(buyerLeads).where(eq(buyerLeads.leadId, leadId));
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
  const derived = lead ? (await leadPreviewBuyers(db, lead)).filter((p) => !p.stored) : [];
  return [
    ...rows.map((r) => ({ buyerId: r.buyerId, isPreview: r.isPreview, acquiredVia: r.acquiredVia })),
    ...derived.map((p) => ({ buyerId: p.buyerId, isPreview: true, acquiredVia: null })),
  ];
}
