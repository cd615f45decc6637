import { toE164 } from "@leadpost/shared";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { callCenterAgents, type phoneNumbers, routingNumbers, twilioNumberRouting } from "../../db/schema";

export type TDialTarget = { phoneNumber: string; agentId: string | null };

/**
 * Who a number rings: its routing numbers (those its route list names, in that order, then the ones
 * linked to it), or else the company's available agents in their sequence order.
 */
export async function dialTargets(
  db: DbOrTx,
  companyId: string,
  number: Pick<typeof phoneNumbers.$inferSelect, "id" | "routeTo">,
): Promise<TDialTarget[]> {
  const linked = db
    .select({ id: twilioNumberRouting.routingNumberId })
    .from(twilioNumberRouting)
    .where(
      and(eq(twilioNumberRouting.companyId, companyId), eq(twilioNumberRouting.twilioNumberId, number.id)),
    );
  const named = number.routeTo.length ? number.routeTo : ["00000000-0000-0000-0000-000000000000"];
  const routing = await db
    .select({ id: routingNumbers.id, phoneNumber: routingNumbers.phoneNumber })
    .from(routingNumbers)
    .where(
      and(
        eq(routingNumbers.companyId, companyId),
        sql`(${inArray(routingNumbers.id, named)} or ${routingNumbers.id} in ${linked})`,
      ),
    )
    .orderBy(asc(routingNumbers.createdAt), asc(routingNumbers.id));
  if (routing.length > 0) {
    const position = (id: string) => {
      const i = number.routeTo.indexOf(id);
      return i === -1 ? number.routeTo.length : i;
    };
    return routing
      .map((r, i) => ({ r, i }))
      .sort((a, b) => position(a.r.id) - position(b.r.id) || a.i - b.i)
      .flatMap(({ r }) => dialable(r.phoneNumber, null));
  }
  const agents = await db
    .select({ id: callCenterAgents.id, phoneNumber: callCenterAgents.phoneNumber })
    .from(callCenterAgents)
    .where(and(eq(callCenterAgents.companyId, companyId), eq(callCenterAgents.status, "available")))
    .orderBy(asc(callCenterAgents.sequenceOrder), asc(callCenterAgents.createdAt), asc(callCenterAgents.id));
  return agents.flatMap((a) => dialable(a.phoneNumber, a.id));
}

/**
 * A stored number as `<Number>` gets it: E.164. Rows saved before numbers were validated may hold
 * text that is no phone number ("123"): such a target is skipped rather than dialled.
 */
function dialable(stored: string, agentId: string | null): TDialTarget[] {
  const phoneNumber = toE164(stored);
  return phoneNumber ? [{ phoneNumber, agentId }] : [];
}

/** The list turned to start at `offset` (round-robin). */
export function rotate<T>(items: T[], offset: number): T[] {
  if (items.length === 0) return items;
  const start = ((offset % items.length) + items.length) % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}
