// Call tracking: the pasted script's gzipped size, and the visit beacon's latency under load next to a
// trivial endpoint (/api/health) in the same run, against a running server on PostgreSQL.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/leadpost_bench HOST=127.0.0.1 PORT=3999 TRUST_PROXY=true \
//   SEED_DEMO=false node apps/server/dist/index.js
//   BENCH_URL=http://127.0.0.1:3999 DATABASE_URL=postgres://postgres@127.0.0.1:5432/leadpost_bench node bench/dni.mjs
//
// Each beacon comes from its own visitor address (X-Forwarded-For, so TRUST_PROXY must trust it), under the
// per-address limit. DURATION seconds per endpoint (10), CONNECTIONS (10).
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";

const baseUrl = new URL(process.env.BENCH_URL ?? "http://127.0.0.1:3000");
const databaseUrl = process.env.DATABASE_URL;
const duration = Math.min(20, Number(process.env.DURATION ?? 10));
const connections = Number(process.env.CONNECTIONS ?? 10);
if (!["127.0.0.1", "localhost", "[::1]"].includes(baseUrl.hostname)) {
  throw new Error(`BENCH_URL must be a loopback address, not ${baseUrl.hostname}`);
}
if (!databaseUrl) throw new Error("Set DATABASE_URL to the server's database (it seeds a company there).");

const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const key = `dni_bench_${Date.now()}`;
const company = await pool.query(
  "insert into companies (name, dni_public_key) values ($1, $2) returning id",
  [`DNI bench ${new Date().toISOString()}`, key],
);
const companyId = company.rows[0].id;
for (const [number, source] of [
  ["+15552000001", "google"],
  ["+15552000002", "facebook"],
  ["+15552000003", "direct"],
]) {
  await pool.query(
    "insert into dni_numbers (company_id, phone_number, static_number, source, is_default) values ($1, $2, '+15551234567', $3, $4)",
    [companyId, number, source, source === "direct"],
  );
}

const script = await (
  await fetch(new URL(`/api/public/dni/script.js?key=${key}&static=5551234567`, baseUrl))
).text();
const scriptGzip = gzipSync(Buffer.from(script), { level: 9 }).length;

let n = 0;
const beacon = () => {
  n += 1;
  return {
    headers: {
      "content-type": "text/plain",
      "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({
      key,
      source: "google",
      utmSource: "google",
      utmCampaign: "bench",
      landingPage: "https://roofing.example/?utm_source=google",
      staticNumber: "5551234567",
    }),
  };
};

const run = (path, opts = {}) =>
  autocannon({ url: new URL(path, baseUrl).toString(), connections, duration, ...opts });
const health = await run("/api/health");
const sessions = await run("/api/public/dni/sessions", {
  method: "POST",
  requests: [{ method: "POST", setupRequest: (req) => ({ ...req, ...beacon() }) }],
});
const stored = await pool.query("select count(*)::int as n from dni_sessions where company_id = $1", [
  companyId,
]);
await pool.query("delete from companies where id = $1", [companyId]);
await pool.end();

const row = (name, r) =>
  `${name.padEnd(22)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}`;
console.log(`script: ${script.length} bytes, ${scriptGzip} bytes gzip (budget 3072)`);
console.log(row("GET /api/health", health));
console.log(row("POST dni/sessions", sessions));
console.log(
  `p99 ratio sessions/health: ${(sessions.latency.p99 / Math.max(1, health.latency.p99)).toFixed(2)}`,
);
console.log(`sessions stored: ${stored.rows[0].n} of ${sessions.requests.total} sent`);
