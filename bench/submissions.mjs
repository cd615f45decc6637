// Public form submissions per second against a running server on PostgreSQL, next to the same
// machine's raw single-row INSERT rate into a scratch table, measured in the same run (before the load,
// with the server idle; again after it, for the record).
//
// Start the built server first (loopback only), with rate limits raised above the load and client
// addresses taken from X-Forwarded-For so each simulated visitor has its own address:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/leadpost_bench HOST=127.0.0.1 PORT=3999 \
//   TRUST_PROXY=true FORM_SUBMISSIONS_PER_IP_PER_MINUTE=1000000 FORM_SUBMISSIONS_PER_FORM_PER_MINUTE=10000000 \
//   SEED_DEMO=false node apps/server/dist/index.js
// then:
//   BENCH_URL=http://127.0.0.1:3999 DATABASE_URL=postgres://postgres@127.0.0.1:5432/leadpost_bench \
//   node bench/submissions.mjs
//
// Settings: DURATION seconds of load (at most 20), CONNECTIONS concurrent HTTP connections (50),
// INSERT_WORKERS concurrent connections for the raw insert rate (10, the server's default pool size),
// RATE requests per second, evenly spaced (unset: as fast as the server answers, with autocannon).
// COMPANY_BUYERS buyers in the form's company (0; `npm run bench` uses 10,000), placed by BUYER_LAYOUT:
// `spread` over the country (about 30 match each lead) or `metro`, packed around the 8 metro areas the
// leads come from (about a eighth of them match each lead). HALF_RATE=1 adds a phase at half the measured
// rate, where the p99 goal applies, sent evenly spaced and timed from each request's due moment
// (lib/paced-load.mjs; autocannon's own rate limit sends each second's requests in one burst); each
// phase reports how long its leads waited for their decision.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { companyBuyerCount, seedCompanyBuyers } from "./lib/company-buyers.mjs";
import { pacedLoad } from "./lib/paced-load.mjs";
import { rawInsertRate } from "./lib/raw-inserts.mjs";

const ZIPS = ["80202", "10001", "30301", "60601", "94103", "73301", "98101", "33101"];

const baseUrl = new URL(process.env.BENCH_URL ?? "http://127.0.0.1:3000");
const databaseUrl = process.env.DATABASE_URL;
const duration = Math.min(20, Number(process.env.DURATION ?? 15));
const connections = Number(process.env.CONNECTIONS ?? 50);
const insertWorkers = Number(process.env.INSERT_WORKERS ?? 10);
const insertSeconds = 5;
const rate = process.env.RATE ? Number(process.env.RATE) : undefined;

if (!["127.0.0.1", "localhost", "[::1]"].includes(baseUrl.hostname)) {
  throw new Error(`BENCH_URL must be a loopback address, not ${baseUrl.hostname}`);
}
if (!databaseUrl) throw new Error("Set DATABASE_URL to the server's database (it seeds a form there).");

const pool = new pg.Pool({ connectionString: databaseUrl, max: Math.max(insertWorkers, 2) });

/** A company with one published quote form, written straight into the database (no sign-in needed). */
async function seedForm() {
  const fields = [
    { id: "name", type: "text", label: "Full name", required: true },
    { id: "phone", type: "tel", label: "Phone", required: true },
    { id: "email", type: "email", label: "Email", required: true },
    { id: "zip", type: "text", label: "Zip code", required: true },
    {
      id: "service",
      type: "select",
      label: "Service needed",
      required: true,
      options: ["Repair", "Replace"],
    },
    { id: "details", type: "textarea", label: "Details", required: false },
  ];
  const company = await pool.query("insert into companies (name) values ($1) returning id", [
    `Bench ${new Date().toISOString()}`,
  ]);
  const form = await pool.query(
    `insert into forms (company_id, title, status, fields, sale_cap)
     values ($1, 'Bench quote', 'published', $2, 3) returning id`,
    [company.rows[0].id, JSON.stringify(fields)],
  );
  await seedCompanyBuyers(pool, company.rows[0].id, companyBuyerCount(), {
    metroZips: process.env.BUYER_LAYOUT === "metro" ? ZIPS : null,
  });
  return form.rows[0].id;
}

let sequence = 0;

/** Each request is a different visitor: own address, e-mail, phone and idempotency key. */
function visitorBody() {
  sequence += 1;
  const n = sequence;
  return {
    headers: {
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
      "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      "user-agent": "leadpost-bench",
    },
    body: JSON.stringify({
      formData: {
        name: `Visitor ${n}`,
        phone: `303${String(n % 10_000_000).padStart(7, "0")}`,
        email: `visitor${n}@bench.example`,
        zip: ZIPS[n % ZIPS.length],
        service: n % 2 ? "Repair" : "Replace",
        details: "The roof leaks near the chimney after heavy rain.",
      },
      fillTimeMs: 9000,
      tracking: { landingPage: "https://roofs.example.com/quote?utm_source=google&gclid=bench" },
    }),
  };
}

async function load(formId, seconds, overallRate = rate) {
  if (overallRate) {
    // A steady rate, evenly spaced (lib/paced-load.mjs): where the p99 goal applies.
    const paced = await pacedLoad({
      origin: baseUrl.origin,
      rate: overallRate,
      seconds,
      connections,
      request: () => ({ method: "POST", path: `/api/public/forms/${formId}/submissions`, ...visitorBody() }),
    });
    return {
      "2xx": paced.ok,
      non2xx: paced.non2xx,
      errors: paced.errors,
      timeouts: 0,
      latency: paced.latency,
    };
  }
  return autocannon({
    url: baseUrl.origin,
    connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path: `/api/public/forms/${formId}/submissions`,
        setupRequest: (req) => ({ ...req, ...visitorBody() }),
      },
    ],
  });
}

/** Single-row autocommit INSERTs of a submission-sized row, from `workers` connections at once. */
const rawInsertsOf = (workers) => {
  const payload = visitorBody().body;
  return rawInsertRate(databaseUrl, {
    workers,
    seconds: insertSeconds,
    row: { columns: "payload jsonb not null", insert: "(payload) values ($1)", values: () => [payload] },
  });
};

/** Waits (at most `maxMs`) until the routing worker has decided every lead of the form. */
async function routingCaughtUp(formId, maxMs = 60_000) {
  for (let waited = 0; waited < maxMs; waited += 250) {
    const left = await pool.query(
      "select count(*)::int as n from form_submissions where form_id = $1 and routing_status = 'pending'",
      [formId],
    );
    if (left.rows[0].n === 0) return 0;
    await new Promise((r) => setTimeout(r, 250));
  }
  const left = await pool.query(
    "select count(*)::int as n from form_submissions where form_id = $1 and routing_status = 'pending'",
    [formId],
  );
  return left.rows[0].n;
}

/** How long the leads stored between `from` and `to` waited for their decision (stored → routed). */
async function decisions(formId, from, to) {
  const r = await pool.query(
    `select count(*)::int as n, count(l.routed_at)::int as decided,
            percentile_cont(0.5) within group (order by extract(epoch from l.routed_at - s.created_at)) * 1000 as p50,
            percentile_cont(0.99) within group (order by extract(epoch from l.routed_at - s.created_at)) * 1000 as p99
       from leads l join form_submissions s on s.id = l.submission_id
      where l.form_id = $1 and s.created_at >= $2 and s.created_at < $3`,
    [formId, from, to],
  );
  const row = r.rows[0];
  return { leads: row.n, decided: row.decided, p50: Math.round(row.p50 ?? 0), p99: Math.round(row.p99 ?? 0) };
}

/** One measured phase: the load, then the wait for routing to decide its leads. */
async function phase(formId, seconds, overallRate) {
  const from = new Date();
  const result = await load(formId, seconds, overallRate);
  const to = new Date();
  const pendingAtEnd = await pool.query(
    "select count(*)::int as n from form_submissions where form_id = $1 and routing_status = 'pending'",
    [formId],
  );
  const catchUpStarted = performance.now();
  const undecided = await routingCaughtUp(formId);
  const catchUpSeconds = (performance.now() - catchUpStarted) / 1000;
  const backlog = pendingAtEnd.rows[0].n - undecided;
  const ok = result["2xx"];
  return {
    submissionsPerSecond: Math.round(ok / seconds),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    decisionMs: await decisions(formId, from, to),
    undecidedAfter60s: undecided,
    // The backlog left when the load stopped, routed with nothing else running: routing's own rate.
    routingBacklog: backlog,
    routedPerSecondAfterLoad: backlog > 20 ? Math.round(backlog / catchUpSeconds) : null,
  };
}

const formId = await seedForm();
// The baseline first, with the server idle: measured after the load it would share the machine with the
// new-lead e-mails still being written (a metro lead owes 1,250), and flatter the ratio.
const insertSingle = await rawInsertsOf(1);
const insertParallel = await rawInsertsOf(insertWorkers);
const warmupSeconds = Math.min(3, Math.max(1, duration - 10));
await load(formId, warmupSeconds);
await routingCaughtUp(formId);
const seconds = duration - warmupSeconds;
const max = await phase(formId, seconds);
const half =
  process.env.HALF_RATE === "1" && !rate
    ? await phase(formId, seconds, Math.max(1, Math.round(max.submissionsPerSecond / 2)))
    : null;
const stored = await pool.query("select count(*)::int as n from form_submissions where form_id = $1", [
  formId,
]);
const leadsMade = await pool.query("select count(*)::int as n from leads where form_id = $1", [formId]);
// The same server's ceiling for any request: GET /api/health (no database) on the same connections.
const health = await autocannon({ url: `${baseUrl.origin}/api/health`, connections, duration: 5 });
const healthPerSecond = Math.round(health["2xx"] / 5);
// The same after the load, for the record: what the machine had left while background work went on.
const insertAfterLoad = await rawInsertsOf(insertWorkers);
await pool.end();

const summary = {
  server: baseUrl.origin,
  connections,
  seconds,
  buyers: companyBuyerCount(),
  buyerLayout: process.env.BUYER_LAYOUT === "metro" ? "metro" : "spread",
  ...max,
  ...(half ? { halfRate: half } : {}),
  healthPerSecond,
  storedSubmissions: stored.rows[0].n,
  leads: leadsMade.rows[0].n,
  rawInsertsPerSecond: {
    oneConnection: Math.round(insertSingle),
    [`${insertWorkers}Connections`]: Math.round(insertParallel),
    [`${insertWorkers}ConnectionsAfterLoad`]: Math.round(insertAfterLoad),
  },
};
console.log(JSON.stringify(summary, null, 2));
console.log(
  `\n${summary.submissionsPerSecond} submissions/s (p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms) ` +
    `vs ${summary.rawInsertsPerSecond[`${insertWorkers}Connections`]} raw single-row inserts/s on ${insertWorkers} connections ` +
    `(${summary.rawInsertsPerSecond.oneConnection}/s on one), measured before the load ` +
    `(${summary.rawInsertsPerSecond[`${insertWorkers}ConnectionsAfterLoad`]}/s after it); leads decided p50 ${max.decisionMs.p50} ms, ` +
    `p99 ${max.decisionMs.p99} ms after being stored (${max.decisionMs.decided} of ${max.decisionMs.leads}). ` +
    `GET /api/health on the same server: ${healthPerSecond} requests/s.` +
    (max.routedPerSecondAfterLoad
      ? ` After the load, routing alone decided its backlog of ${max.routingBacklog} at ${max.routedPerSecondAfterLoad} leads/s.`
      : ""),
);
if (half)
  console.log(
    `at half that rate: ${half.submissionsPerSecond} submissions/s (half-rate p50 ${half.latencyMs.p50} ms, ` +
      `half-rate p99 ${half.latencyMs.p99} ms); leads decided p50 ${half.decisionMs.p50} ms, ` +
      `p99 ${half.decisionMs.p99} ms after being stored (${half.decisionMs.decided} of ${half.decisionMs.leads}).`,
  );
