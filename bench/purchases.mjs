// Purchases with credits per second under contention, against a running server on PostgreSQL.
//
// Many funded buyers hammer the same few leads at once: every lead has a cap of 3 and is previewed by
// every buyer, and the load moves to the next lead after ATTEMPTS_PER_LEAD attempts, so most attempts
// race for a slot that is gone (answered "sold out" or "already purchased").
//
// Start the built server first (loopback only, client addresses from X-Forwarded-For so each buyer's
// sign-in has its own rate-limit bucket):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/leadpost_bench HOST=127.0.0.1 PORT=3998 \
//   PUBLIC_URL=http://127.0.0.1:3998 TRUST_PROXY=true SEED_DEMO=false LOG_LEVEL=warn \
//   node apps/server/dist/index.js
// then:
//   BENCH_URL=http://127.0.0.1:3998 DATABASE_URL=postgres://postgres@127.0.0.1:5432/leadpost_bench \
//   node bench/purchases.mjs
//
// Settings: DURATION seconds of each measured phase (at most 20, default 10), CONNECTIONS concurrent HTTP connections (50),
// BUYERS funded buyers (50), ATTEMPTS_PER_LEAD attempts aimed at one lead before moving on (20).
// The race ("200 buyers racing for 3 slots"): BUYERS=200 ATTEMPTS_PER_LEAD=200.
// The same run measures the machine's raw single-row INSERT rate (autocommit, INSERT_WORKERS = 10
// connections, INSERT_SECONDS = 5; just before and just after the contended phase) so the purchase rate is reported as a ratio the machine's noise cancels.
// BUYERS funded buyers (50), ATTEMPTS_PER_LEAD attempts aimed at one lead before moving on (20),
// COMPANY_BUYERS further buyers spread over the country in the same company (0; `npm run bench` uses 10,000).
import { randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import autocannon from "autocannon";
import pg from "pg";
import { companyBuyerCount, seedCompanyBuyers } from "./lib/company-buyers.mjs";
import { rawInsertRate } from "./lib/raw-inserts.mjs";

const baseUrl = new URL(process.env.BENCH_URL ?? "http://127.0.0.1:3000");
const databaseUrl = process.env.DATABASE_URL;
const duration = Math.min(20, Number(process.env.DURATION ?? 10));
const connections = Number(process.env.CONNECTIONS ?? 50);
const buyerCount = Number(process.env.BUYERS ?? 50);
const attemptsPerLead = Number(process.env.ATTEMPTS_PER_LEAD ?? 20);
const leadCount = 4000;
const insertWorkers = Number(process.env.INSERT_WORKERS ?? 10);
const insertSeconds = Number(process.env.INSERT_SECONDS ?? 5);
const password = `Bench!${randomUUID()}`;

if (!["127.0.0.1", "localhost", "[::1]"].includes(baseUrl.hostname)) {
  throw new Error(`BENCH_URL must be a loopback address, not ${baseUrl.hostname}`);
}
if (!databaseUrl) throw new Error("Set DATABASE_URL to the server's database (the buyers are seeded there).");

const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });

/** A company, a niche priced at one credit, funded buyers with accounts, and previewed leads. */
async function seed() {
  const run = randomUUID().slice(0, 8);
  const company = (
    await pool.query("insert into companies (name, credit_value_usd) values ($1, 1) returning id", [
      `Purchase bench ${run}`,
    ])
  ).rows[0].id;
  const niche = (
    await pool.query("insert into niches (company_id, name, price) values ($1, 'Bench', 1) returning id", [
      company,
    ])
  ).rows[0].id;
  // Buyers of the company who do not take part (their previews are not written): the company's size.
  await seedCompanyBuyers(pool, company, companyBuyerCount(), { nicheId: niche });
  const passwordHash = await hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const buyers = [];
  for (let i = 0; i < buyerCount; i++) {
    const email = `bench-buyer-${run}-${i}@bench.example`;
    const userId = randomUUID();
    await pool.query("insert into users (id, name, email, email_verified) values ($1, $2, $3, true)", [
      userId,
      `Bench buyer ${i}`,
      email,
    ]);
    await pool.query(
      "insert into accounts (account_id, provider_id, user_id, password) values ($1, 'credential', $1, $2)",
      [userId, passwordHash],
    );
    const buyer = (
      await pool.query(
        `insert into buyers (company_id, user_id, email, contact_name, status, niche_id, credit_balance)
         values ($1, $2, $3, $4, 'active', $5, 1000000) returning id`,
        [company, userId, email, `Bench buyer ${i}`, niche],
      )
    ).rows[0].id;
    await pool.query(
      `insert into credit_transactions (company_id, buyer_id, buyer_email, amount, transaction_type, reason)
       values ($1, $2, $3, 1000000, 'grant', 'Bench funding')`,
      [company, buyer, email],
    );
    buyers.push({ email, id: buyer, ip: `10.77.${i >> 8}.${i & 255}` });
  }
  const leads = await pool.query(
    `insert into leads (company_id, niche_id, name, service_type, sale_cap, status, created_at)
     select $1, $2, 'Bench lead ' || g, 'Repair', 3, 'routed', now() - make_interval(secs => g)
     from generate_series(1, $3::int) g returning id`,
    [company, niche, leadCount],
  );
  const leadIds = leads.rows.map((r) => r.id);
  // Today's scheduled backup, marked taken: the daily backup job would otherwise serialise this company's
  // 4,000 × BUYERS preview rows on the server while the phases are measured.
  await pool.query(
    "insert into backups (company_id, kind, status, file_name) values ($1, 'scheduled', 'completed', 'bench_not_taken')",
    [company],
  );
  await pool.query(
    `insert into buyer_leads (company_id, buyer_id, lead_id, is_preview)
     select $1, b, l, true from unnest($2::uuid[]) b cross join unnest($3::uuid[]) l`,
    [company, buyers.map((b) => b.id), leadIds],
  );
  return { company, buyers, leadIds };
}

async function signIn(buyer) {
  const res = await fetch(new URL("/api/auth/sign-in/email", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl.origin, "x-forwarded-for": buyer.ip },
    body: JSON.stringify({ email: buyer.email, password }),
  });
  if (res.status !== 200)
    throw new Error(`sign-in failed for ${buyer.email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const { company, buyers, leadIds } = await seed();
const cookies = [];
for (const buyer of buyers) cookies.push(await signIn(buyer));

/** Attempts aimed `perLead` at a time at one lead, starting at lead `first`. */
function purchases(perLead, first) {
  let attempt = 0;
  return () => {
    const n = attempt++;
    const leadId = leadIds[(first + Math.floor(n / perLead)) % leadIds.length];
    return {
      headers: {
        "content-type": "application/json",
        origin: baseUrl.origin,
        cookie: cookies[n % cookies.length],
      },
      body: JSON.stringify({ leadId, idempotencyKey: `bench-${leadId}-${n}-${first}` }),
    };
  };
}

const load = (seconds, next) =>
  autocannon({
    url: baseUrl.origin,
    connections,
    duration: seconds,
    requests: [{ method: "POST", path: "/api/purchases", setupRequest: (req) => ({ ...req, ...next() }) }],
  });

const countSold = async () =>
  (
    await pool.query(
      "select count(*)::int as n from credit_transactions where company_id = $1 and transaction_type = 'consume'",
      [company],
    )
  ).rows[0].n;

/** One measured phase: attempts and completed purchases per second, latency, answers by status. */
async function phase(perLead, first) {
  const seconds = duration;
  const before = await countSold();
  const result = await load(seconds, purchases(perLead, first));
  const sold = (await countSold()) - before;
  return {
    attemptsPerLead: perLead,
    seconds,
    attemptsPerSecond: Math.round(result.requests.total / seconds),
    purchasesPerSecond: Math.round(sold / seconds),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
    ),
    errors: result.errors + result.timeouts,
  };
}

await load(Math.min(3, duration), purchases(1, leadCount - 500)); // warm-up on leads nobody else uses
// The raw rate just before and just after the contended phase, averaged: the machine's load moves.
const rawBefore = await rawInsertRate(databaseUrl, { workers: insertWorkers, seconds: insertSeconds });
const contended = await phase(attemptsPerLead, 0);
const rawAfter = await rawInsertRate(databaseUrl, { workers: insertWorkers, seconds: insertSeconds });
const uncontended = await phase(1, leadCount / 2);
const rawInserts = Math.round((rawBefore + rawAfter) / 2);

// Every wallet still equals its ledger, and no lead went past its cap.
const drift = await pool.query(
  `select count(*)::int as n from buyers b
   where b.company_id = $1
     and b.credit_balance <> (select coalesce(sum(amount), 0) from credit_transactions t where t.buyer_id = b.id)`,
  [company],
);
const overSold = await pool.query(
  "select count(*)::int as n from leads where company_id = $1 and sale_count > sale_cap",
  [company],
);
await pool.end();

const loadAverage = (await import("node:os")).loadavg().map((n) => Math.round(n * 10) / 10);
const summary = {
  server: baseUrl.origin,
  connections,
  buyers: buyerCount,
  loadAverage,
  contended,
  uncontended,
  rawInsertsPerSecond: rawInserts,
  rawInsertsBeforeAndAfter: [Math.round(rawBefore), Math.round(rawAfter)],
  contendedAttemptsShareOfRawInserts: Math.round((contended.attemptsPerSecond / rawInserts) * 1000) / 10,
  walletsDrifted: drift.rows[0].n,
  leadsOverSold: overSold.rows[0].n,
};
console.log(JSON.stringify(summary, null, 2));
console.log(
  `\nUnder contention (${attemptsPerLead} attempts per lead of cap 3): ${contended.purchasesPerSecond} purchases/s out of ` +
    `${contended.attemptsPerSecond} attempts/s (p50 ${contended.latencyMs.p50} ms, p99 ${contended.latencyMs.p99} ms). ` +
    `One attempt per lead: ${uncontended.purchasesPerSecond} purchases/s (p50 ${uncontended.latencyMs.p50} ms, ` +
    `p99 ${uncontended.latencyMs.p99} ms). Same run: ${rawInserts} raw single-row INSERTs/s on ${insertWorkers} connections, ` +
    `so contended attempts are ${summary.contendedAttemptsShareOfRawInserts}% of it. ` +
    `${summary.walletsDrifted} wallets drifted, ${summary.leadsOverSold} leads oversold.`,
);
