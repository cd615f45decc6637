import { toE164 } from "@leadpost/shared";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { col, preparedStatement, rowOf } from "../../db/raw";
import { callCenterAgents, type phoneNumbers, routingNumbers, twilioNumberRouting } from "../../db/schema";

export type TDialTarget = { phoneNumber: string; agentId: string | null };

/**
 * A number's routing numbers (those its route list names, then the ones linked to it), else the company's
 * available agents in their sequence order: one prepared statement, as every inbound call asks it.
 */
const dialTargetsStatement = preparedStatement(
  rowOf({ id: col.text, phoneNumber: col.text, agent: col.boolean }),
  () => {
    const companyId = sql`${sql.placeholder("companyId")}::uuid`;
    return sql`
      with routing as (
        select r.id, r.phone_number, r.created_at from ${routingNumbers} r
         where r.company_id = ${companyId}
           and (r.id in (select value::uuid from jsonb_array_elements_text(${sql.placeholder("named")}::jsonb))
                or r.id in (select l.routing_number_id from ${twilioNumberRouting} l
                             where l.company_id = ${companyId}
                               and l.twilio_number_id = ${sql.placeholder("numberId")}::uuid)))
      select id, phone_number as "phoneNumber", false as agent, 0 as seq, created_at as at from routing
      union all
      select a.id, a.phone_number, true, a.sequence_order, a.created_at from ${callCenterAgents} a
       where a.company_id = ${companyId} and a.status = 'available' and not exists (select 1 from routing)
       order by seq, at, id`;
  },
);

/**
 * Who a number rings: its routing numbers (those its route list names, in that order, then the ones
 * linked to it), or else the company's available agents in their sequence order.
 */
export async function dialTargets(
  db: DbOrTx,
  companyId: string,
  number: Pick<typeof phoneNumbers.$inferSelect, "id" | "routeTo">,
): Promise<TDialTarget[]> {
  const rows = await dialTargetsStatement(db, {
    companyId,
    named: JSON.stringify(number.routeTo),
    numberId: number.id,
  });
  if (rows.length > 0 && !rows[0]!.agent) {
    const position = (id: string) => {
      const i = number.routeTo.indexOf(id);
      return i === -1 ? number.routeTo.length : i;
    };
    return rows
      .map((r, i) => ({ r, i }))
      .sort((a, b) => position(a.r.id) - position(b.r.id) || a.i - b.i)
      .flatMap(({ r }) => dialable(r.phoneNumber, null));
  }
  return rows.flatMap((a) => dialable(a.phoneNumber, a.id));
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
