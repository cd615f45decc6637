import { sql } from "drizzle-orm";
import { type Db, poolTransactionOf, type Tx } from "./drizzle-adapter";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The wall's settings, transaction-local: this company's rows, as the policy-bound role, and no JIT
 * compilation. A request's query can be planned past jit_above_cost (one buyer's previews among a
 * million leads), and compiling took 500-700 ms of a query that ran in 50-100 (bench/README.md,
 * 2026-11-26 late). Set here, with the wall, it costs no round trip and stays inside the transaction,
 * as connection poolers need.
 */
const TENANT_SETTINGS = "set_config('role', 'leadpost_app', true), set_config('jit', 'off', true)";

export const enterTenant = (tx: Db | Tx, companyId: string) =>
  tx.execute(sql`select set_config('leadpost.company_id', ${companyId}, true), ${sql.raw(TENANT_SETTINGS)}`);

/**
 * A transaction already behind the wall when fn starts. On PostgreSQL, BEGIN and the wall's settings go
 * in one round trip (one simple-protocol message with two statements, the company id checked to be a
 * UUID before it is written into the text); then fn runs in a drizzle transaction on that connection,
 * exactly as db.transaction would give it (its own transactions are savepoints; db/drizzle-adapter.ts).
 * On the embedded database, where a statement costs no network round trip, it is db.transaction then
 * the settings.
 */
export async function transactionAsTenant<T>(
  db: Db,
  companyId: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const open = poolTransactionOf(db);
  if (!open) {
    return db.transaction(async (tx) => {
      await enterTenant(tx, companyId);
      return fn(tx);
    });
  }
  if (!UUID.test(companyId)) throw new Error("a company id must be a UUID");
  const { client, tx } = await open();
  let broken: Error | undefined;
  try {
    await client.query(
      `begin; select set_config('leadpost.company_id', '${companyId}', true), ${TENANT_SETTINGS}`,
    );
    const result = await fn(tx);
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch((rollbackErr: Error) => {
      // A connection that cannot even roll back is not given back to the pool.
      broken = rollbackErr;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
