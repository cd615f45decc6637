import { BUYER_PORTAL_MESSAGES, LEAD_DELIVERY_MESSAGES, type TDelivery } from "@leadpost/shared";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { buyerLeads, buyers, endpointDeliveries, endpointDeliveryAttempts, leads } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { loadEndpoint, type TEndpointOwner } from "./endpoints";

type TLogDeps = Pick<TDeps, "database">;
type TDeliveryRow = typeof endpointDeliveries.$inferSelect & { buyerName: string | null };

/** Deliveries with their attempts, in the shape every log shows them. */
async function withAttempts(deps: TLogDeps, companyId: string, rows: TDeliveryRow[]): Promise<TDelivery[]> {
  if (rows.length === 0) return [];
  const attempts = await deps.database.db
    .select()
    .from(endpointDeliveryAttempts)
    .where(
      and(
        eq(endpointDeliveryAttempts.companyId, companyId),
        inArray(
          endpointDeliveryAttempts.deliveryId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(endpointDeliveryAttempts.attempt));
  return rows.map((r) => ({
    id: r.id,
    endpointId: r.endpointId,
    endpointName: r.endpointName,
    url: r.url,
    buyerId: r.buyerId,
    buyerName: r.buyerName,
    leadId: r.leadId,
    isTest: r.isTest,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    attempts: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        attempt: a.attempt,
        at: a.startedAt.toISOString(),
        durationMs: a.durationMs,
        statusCode: a.statusCode,
        outcome: a.outcome,
        reason: a.reason,
        responseExcerpt: a.responseExcerpt,
      })),
  }));
}

const deliveryColumns = {
  delivery: endpointDeliveries,
  buyerName: buyers.companyName,
  contactName: buyers.contactName,
};

const flatten = (
  rows: {
    delivery: typeof endpointDeliveries.$inferSelect;
    buyerName: string | null;
    contactName: string | null;
  }[],
) => rows.map((r) => ({ ...r.delivery, buyerName: r.buyerName ?? r.contactName }));

/** Every delivery of one of the company's leads (the lead detail); another company's lead is not found. */
export async function leadDeliveryLog(deps: TLogDeps, companyId: string, leadId: string) {
  const db = deps.database.db;
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId)));
  if (!lead) throw notFound(LEAD_DELIVERY_MESSAGES.LEAD_NOT_FOUND);
  const rows = await db
    .select(deliveryColumns)
    .from(endpointDeliveries)
    .innerJoin(buyers, and(eq(buyers.id, endpointDeliveries.buyerId), eq(buyers.companyId, companyId)))
    .where(and(eq(endpointDeliveries.companyId, companyId), eq(endpointDeliveries.leadId, leadId)))
    .orderBy(desc(endpointDeliveries.createdAt));
  return { deliveries: await withAttempts(deps, companyId, flatten(rows)) };
}

/** The buyer's own deliveries of a lead it holds in full (its portal's lead view). */
export async function buyerLeadDeliveryLog(
  deps: TLogDeps,
  buyer: { companyId: string; buyerId: string },
  leadId: string,
) {
  const db = deps.database.db;
  const [held] = await db
    .select({ id: buyerLeads.id })
    .from(buyerLeads)
    .where(
      and(
        eq(buyerLeads.leadId, leadId),
        eq(buyerLeads.buyerId, buyer.buyerId),
        eq(buyerLeads.companyId, buyer.companyId),
        eq(buyerLeads.isPreview, false),
      ),
    );
  if (!held) throw notFound(BUYER_PORTAL_MESSAGES.LEAD_NOT_FOUND);
  const rows = await db
    .select(deliveryColumns)
    .from(endpointDeliveries)
    .innerJoin(buyers, eq(buyers.id, endpointDeliveries.buyerId))
    .where(
      and(
        eq(endpointDeliveries.companyId, buyer.companyId),
        eq(endpointDeliveries.buyerId, buyer.buyerId),
        eq(endpointDeliveries.leadId, leadId),
      ),
    )
    .orderBy(desc(endpointDeliveries.createdAt));
  return { deliveries: await withAttempts(deps, buyer.companyId, flatten(rows)) };
}

/** An endpoint's latest deliveries, tests included (the endpoint's own log). */
export async function endpointDeliveryLog(
  deps: TLogDeps,
  owner: TEndpointOwner,
  endpointId: string,
  limit = 20,
) {
  await loadEndpoint(deps, owner, endpointId);
  const rows = await deps.database.db
    .select(deliveryColumns)
    .from(endpointDeliveries)
    .innerJoin(buyers, eq(buyers.id, endpointDeliveries.buyerId))
    .where(
      and(
        eq(endpointDeliveries.companyId, owner.companyId),
        eq(endpointDeliveries.buyerId, owner.buyerId),
        eq(endpointDeliveries.endpointId, endpointId),
      ),
    )
    .orderBy(desc(endpointDeliveries.createdAt))
    .limit(limit);
  return { deliveries: await withAttempts(deps, owner.companyId, flatten(rows)) };
}

/** One delivery of an owner (the test button's answer). */
export async function oneDelivery(deps: TLogDeps, companyId: string, deliveryId: string) {
  const rows = await deps.database.db
    .select(deliveryColumns)
    .from(endpointDeliveries)
    .innerJoin(buyers, eq(buyers.id, endpointDeliveries.buyerId))
    .where(and(eq(endpointDeliveries.companyId, companyId), eq(endpointDeliveries.id, deliveryId)));
  const [delivery] = await withAttempts(deps, companyId, flatten(rows));
  if (!delivery) throw notFound(LEAD_DELIVERY_MESSAGES.NOT_FOUND);
  return delivery;
}
