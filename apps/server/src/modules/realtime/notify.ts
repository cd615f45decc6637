import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { type TRealtimeChannel, type TRealtimePayload, ZRealtimePayloadSchema } from "./channels";

/**
 * Publishes a realtime event through Postgres NOTIFY, so every server instance's listeners get it.
 * Called inside a transaction, it is delivered only if and when that transaction commits.
 */
export async function notify(
  db: DbOrTx,
  channel: TRealtimeChannel,
  payload: TRealtimePayload,
): Promise<void> {
  const body = JSON.stringify(ZRealtimePayloadSchema.parse(payload));
  await db.execute(sql`select pg_notify(${channel}, ${body})`);
}
