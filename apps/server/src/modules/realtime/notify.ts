import { realtimePayload, type TRealtimeChannel, type TRealtimePayload } from "@leadpost/shared";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/**
 * Publishes a realtime event through Postgres NOTIFY, so every server instance's listeners get it.
 * Called inside a transaction, it is delivered only if and when that transaction commits.
 */
export async function notify(
  db: DbOrTx,
  channel: TRealtimeChannel,
  payload: TRealtimePayload,
): Promise<void> {
  const checked = realtimePayload(payload);
  if (!checked) throw new Error(`realtime payload of ${channel} is not one: ${JSON.stringify(payload)}`);
  const body = JSON.stringify(checked);
  await db.execute(sql`select pg_notify(${channel}, ${body})`);
}
