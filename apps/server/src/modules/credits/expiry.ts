import { sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { col, queryRows, rowOf } from "../../db/raw";
import { creditLotAllocations, creditTransactions } from "../../db/schema";
import { expireDueLots, lockBuyer } from "./ledger";

const BATCH = 200;
const MAX_ROUNDS = 50;

/**
 * Books `expire` entries for every lot past its expiry. Safe on several instances at once: each
 * wallet is taken with SKIP LOCKED, and a lot already expired has nothing left to expire.
 */
export async function runCreditExpiry(
  deps: Pick<TDeps, "database">,
  now = new Date(),
): Promise<{ buyers: number; credits: number }> {
  const db = deps.database.db;
  let credits = 0;
  let touched = 0;
  // Batches until nothing is due, or a batch made no progress (every wallet busy: the next run retries).
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const due = await queryRows(
      db,
      rowOf({ company_id: col.text, buyer_id: col.text }),
      sql`
      select distinct t.company_id, t.buyer_id
      from ${creditTransactions} t
      where t.expires_at is not null and t.expires_at <= ${now.toISOString()}::timestamptz and t.amount > 0
        and t.amount > coalesce((select sum(a.amount) from ${creditLotAllocations} a
                                 where a.lot_transaction_id = t.id), 0)
      limit ${BATCH}`,
    );
    let progressed = 0;
    for (const row of due) {
      const expired = await db.transaction(async (tx) => {
        const buyer = await lockBuyer(tx, row.company_id, row.buyer_id, { skipLocked: true });
        // Locked by a purchase or adjustment right now: that one expires due lots itself, or the next run does.
        if (!buyer) return 0;
        return expireDueLots(tx, buyer, now);
      });
      if (expired > 0) progressed++;
      credits += expired;
    }
    touched += progressed;
    if (due.length < BATCH || progressed === 0) break;
  }
  return { buyers: touched, credits };
}
