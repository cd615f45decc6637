// The accept statement alone (`select accept_submission($1)`, what one accepted public submission costs
// the database), from 10 connections at once, next to raw single-row INSERTs of the same machine in the
// same run: the database's ceiling for the accept path, without HTTP, validation or routing.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a database the server has migrated> node bench/accept-statement.mjs
//
// Every call is a new visitor (own address, e-mail, phone, key) to one published form, as under a busy
// form. COMPARE_MIGRATION=apps/server/drizzle/0019_accept_path.sql also loads that file's accept_submission
// under another name (accept_submission_compare) and alternates the two, so an older version is measured
// in the same run. ROUNDS (3) rounds of SECONDS (4) per figure; CONNECTIONS (10).
//
// Since the submission limits are counted in each server's memory first (intake/local-limit.ts), an
// accepted submission within its address's and form's own share passes no limit keys: the statement
// writes the submission and the lead only. The compared statement (an older file) gets the keys, as its
// server sent them on every call; SHARED_LIMITS=1 gives them to the current one too (an address past
// its instance's share, or a key that did not fit in memory).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("Set DATABASE_URL to a database the server has migrated.");
const rounds = Number(process.env.ROUNDS ?? 3);
const seconds = Number(process.env.SECONDS ?? 4);
const connections = Number(process.env.CONNECTIONS ?? 10);
const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });

const company = await pool.query(
  "insert into companies (name) values ('Accept statement bench') returning id",
);
const companyId = company.rows[0].id;
const form = await pool.query(
  `insert into forms (company_id, title, status, fields, sale_cap)
   values ($1, 'Bench quote', 'published', '[]', 3) returning id`,
  [companyId],
);
const formId = form.rows[0].id;
const functions = ["accept_submission"];
if (process.env.COMPARE_MIGRATION) {
  const text = readFileSync(process.env.COMPARE_MIGRATION, "utf8");
  const body = text.slice(text.indexOf("CREATE OR REPLACE FUNCTION accept_submission("));
  await pool.query(body.replace("FUNCTION accept_submission(", "FUNCTION accept_submission_compare("));
  functions.push("accept_submission_compare");
}

const sharedLimits = process.env.SHARED_LIMITS === "1";
let n = 0;
function params(withLimitKeys) {
  n += 1;
  const email = `v${n}-${process.pid}@bench.example`;
  return JSON.stringify({
    form_id: formId,
    company_id: companyId,
    idempotency_key: randomUUID(),
    request_hash: "bench",
    now_ms: Date.now(),
    window_ms: 60_000,
    ip_key: withLimitKeys ? `form-submit:ip:bench-${process.pid}-${n}` : null,
    ip_max: 1e9,
    form_key: withLimitKeys ? `form-submit:form:${formId}` : null,
    form_max: 1e9,
    submission_id: randomUUID(),
    lead_id: randomUUID(),
    data: { name: "Visitor", email },
    response: { status: 201 },
    ip_address: "10.0.0.1",
    user_agent: "leadpost-bench",
    fill_time_ms: 9000,
    is_spam: false,
    routing_status: "skipped", // the statement alone: no routing worker picks these up
    lead: {
      source: "form",
      is_test: false,
      name: "Visitor",
      email,
      phone: `303${String(n).padStart(7, "0")}`,
      zip_code: "80202",
      latitude: 39.75,
      longitude: -104.99,
      service_type: "Repair",
      data: {},
      answers: {},
      sale_cap: 3,
    },
  });
}

/** Statements per second from `connections` connections, each running `text` back to back. */
async function rate(text, args) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (Date.now() < until) {
          await client.query(text, args());
          done += 1;
        }
      } finally {
        client.release();
      }
    }),
  );
  return Math.round(done / seconds);
}

await pool.query(
  "create table bench_accept_scratch (id uuid primary key default gen_random_uuid(), payload jsonb)",
);
const payload = params(true);
const rows = [];
for (let r = 0; r < rounds; r++) {
  const row = { raw: await rate("insert into bench_accept_scratch (payload) values ($1)", () => [payload]) };
  for (const fn of functions) {
    const withKeys = fn !== "accept_submission" || sharedLimits;
    row[fn] = await rate(`select ${fn}($1::jsonb)`, () => [params(withKeys)]);
  }
  rows.push(row);
  console.log(
    `round ${r + 1}: raw INSERTs ${row.raw}/s; ` +
      functions.map((fn) => `${fn} ${row[fn]}/s (${((100 * row[fn]) / row.raw).toFixed(1)}%)`).join("; "),
  );
}
await pool.query("drop table bench_accept_scratch");
if (functions.length > 1) await pool.query("drop function accept_submission_compare(jsonb)");
await pool.query("delete from leads where company_id = $1", [companyId]);
await pool.query("delete from form_submissions where company_id = $1", [companyId]);
await pool.query("delete from forms where company_id = $1", [companyId]);
await pool.query("delete from companies where id = $1", [companyId]);
await pool.end();
const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];
const share = median(rows.map((r) => r.accept_submission / r.raw));
console.log(`\naccept statements: median ${(share * 100).toFixed(1)}% of the same round's raw INSERT rate`);
