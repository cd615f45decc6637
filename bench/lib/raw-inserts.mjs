// The machine's raw single-row INSERT rate in the same run, the baseline the benches divide by so that
// the machine's load cancels: autocommit INSERTs from `workers` connections at once for `seconds`, into
// a scratch table made for the run and dropped after it. By default a ledger-entry-sized row; the
// submission bench passes its own row (a submission's JSON).
import { randomUUID } from "node:crypto";
import pg from "pg";

const LEDGER_ROW = {
  columns: "ref uuid not null, amount int not null, reason text",
  insert: "(ref, amount, reason) values ($1, -1, 'Raw insert')",
  values: () => [randomUUID()],
};

export async function rawInsertRate(databaseUrl, { workers = 10, seconds = 5, row = LEDGER_ROW } = {}) {
  const table = `bench_raw_insert_${process.pid}`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: workers });
  await pool.query(
    `create table if not exists ${table} (id uuid primary key default gen_random_uuid(), ${row.columns}, created_at timestamptz not null default now())`,
  );
  const until = Date.now() + seconds * 1000;
  let rows = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const client = await pool.connect();
      try {
        while (Date.now() < until) {
          await client.query(`insert into ${table} ${row.insert}`, row.values());
          rows += 1;
        }
      } finally {
        client.release();
      }
    }),
  );
  const rate = rows / ((performance.now() - started) / 1000);
  await pool.query(`drop table ${table}`);
  await pool.end();
  return rate;
}
