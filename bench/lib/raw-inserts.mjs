// The machine's raw single-row INSERT rate in the same run: autocommit INSERTs of a ledger-entry-sized
// row from `workers` connections at once for `seconds`, so a bench reports its rate as a ratio the
// machine's load cancels (as bench/purchases.mjs does).
import { randomUUID } from "node:crypto";
import pg from "pg";

export async function rawInsertRate(databaseUrl, workers = 10, seconds = 5) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: workers });
  await pool.query(
    "create table if not exists bench_raw_insert_scratch (id uuid primary key default gen_random_uuid(), ref uuid not null, amount int not null, reason text, created_at timestamptz not null default now())",
  );
  const until = Date.now() + seconds * 1000;
  let rows = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const client = await pool.connect();
      try {
        while (Date.now() < until) {
          await client.query(
            "insert into bench_raw_insert_scratch (ref, amount, reason) values ($1, -1, 'Raw insert')",
            [randomUUID()],
          );
          rows += 1;
        }
      } finally {
        client.release();
      }
    }),
  );
  const rate = rows / ((performance.now() - started) / 1000);
  await pool.query("drop table bench_raw_insert_scratch");
  await pool.end();
  return rate;
}
