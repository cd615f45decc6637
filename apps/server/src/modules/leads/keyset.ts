import { type SQL, sql } from "drizzle-orm";
import { leads } from "../../db/schema";

/**
 * Keyset pagination over the leads list's order (newest first, then id): a position is the lead's
 * created_at in microseconds since the epoch (exact, unlike a JavaScript Date) and its id, written
 * "<micros>_<id>". A page after a position reads the index (company_id, created_at, id) from there,
 * so page 40,000 costs what page 1 does, where an offset reads and skips every row before it.
 */
export const leadPosition = sql<string>`(extract(epoch from ${leads.createdAt}) * 1000000)::bigint::text`;

export const leadCursorOf = (position: string, id: string) => `${position}_${id}`;

/** The leads after a cursor in the list's order; the cursor's shape is checked by the query schema. */
export function afterLeadCursor(cursor: string): SQL {
  const [micros, id] = cursor.split("_");
  return afterLead(sql`timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond'`, id);
}

/**
 * The leads after one given by its created_at as PostgreSQL wrote it (the text keeps the microseconds)
 * and its id: for a reader that has that text already (the CSV export).
 */
export function afterLeadAt(createdAt: string, id: string): SQL {
  return afterLead(sql`${createdAt}::timestamptz`, id);
}

const afterLead = (createdAt: SQL, id: string | undefined) =>
  sql`(${leads.createdAt}, ${leads.id}) < (${createdAt}, ${id}::uuid)`;
