// What reading raw rows through a row schema (apps/server/src/db/rows.ts) costs on a hot path: the
// routing candidates' 18 columns, for many rows a statement, read with and without the check from the
// same connection in alternating rounds, so the ratio compares like with like.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/row-schema.mjs
//
// ROWS (1250, a metro lead's matching buyers) rows a statement, ROUNDS (5) rounds of RUNS (200) statements.
import pg from "pg";
import { checkRows, col, rowOf } from "../apps/server/src/db/rows.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("Set DATABASE_URL to a PostgreSQL server.");
const rowsPerStatement = Number(process.env.ROWS ?? 1250);
const rounds = Number(process.env.ROUNDS ?? 5);
const runs = Number(process.env.RUNS ?? 200);

const candidate = rowOf({
  id: col.text,
  status: col.oneOf(["pending", "active", "inactive"]),
  deleted_at: col.any,
  is_paused: col.boolean,
  niche_id: col.orNull(col.text),
  latitude: col.orNull(col.number),
  longitude: col.orNull(col.number),
  service_radius: col.number,
  all_you_can_eat_enabled: col.boolean,
  prepaid_leads_remaining: col.number,
  last_served_us: col.orNull(col.numberOrText),
  created_at: col.any,
  contact_name: col.text,
  company_name: col.orNull(col.text),
  email: col.text,
  others_outside: col.boolean,
  unlisted: col.boolean,
  previews: col.numberOrText,
});

const text = `select gen_random_uuid()::text as id, 'active' as status, null::timestamptz as deleted_at,
  false as is_paused, null::text as niche_id, 40.7::float8 as latitude, -74.0::float8 as longitude,
  25 as service_radius, false as all_you_can_eat_enabled, 0 as prepaid_leads_remaining,
  (extract(epoch from now()) * 1000000)::bigint as last_served_us, now() as created_at,
  'Contact ' || g as contact_name, null::text as company_name, 'b' || g || '@bench.test' as email,
  false as others_outside, false as unlisted, 0::bigint as previews
  from generate_series(1, $1::int) g`;

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const statement = { name: "row_schema_bench", text, values: [rowsPerStatement] };

async function round(check) {
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const { rows } = await client.query(statement);
    if (check) checkRows(rows, candidate, "bench");
  }
  return (performance.now() - started) / runs;
}

await round(true); // warm up both paths and the prepared statement
const plain = [];
const checked = [];
for (let r = 0; r < rounds; r++) {
  plain.push(await round(false));
  checked.push(await round(true));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const { rows } = await client.query(statement);
const started = performance.now();
for (let i = 0; i < runs; i++) checkRows(rows, candidate, "bench");
const checkMs = (performance.now() - started) / runs;
await client.end();

console.log(`rows per statement: ${rowsPerStatement}`);
console.log(`statement + rows, unchecked (median ms): ${median(plain).toFixed(3)}`);
console.log(`statement + rows, checked   (median ms): ${median(checked).toFixed(3)}`);
console.log(`ratio checked / unchecked: ${(median(checked) / median(plain)).toFixed(3)}`);
console.log(
  `the check alone (ms per statement): ${checkMs.toFixed(3)} (${((checkMs * 1e6) / rowsPerStatement).toFixed(0)} ns a row)`,
);
