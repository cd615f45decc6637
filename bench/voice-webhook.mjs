// The inbound voice webhook (POST /api/twilio/voice, signed as Twilio signs it) under concurrent load, next
// to a trivial endpoint (GET /api/health) in the same run, against the built server on PostgreSQL.
//
//   npm run build
//   createdb leadpost_bench_voice
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/leadpost_bench_voice node --import tsx bench/voice-webhook.mjs
//
// The script starts `node apps/server/dist/index.js` itself on a free loopback port (its own ENCRYPTION_KEY,
// so it can seal the company's Twilio auth token the way the settings screen stores it), seeds one company
// with NUMBERS Twilio numbers (50) across the three routing strategies, ROUTING routing numbers (20), three
// of them linked to each number, 5 agents and BLOCKED blocked callers (1000), then drives the webhook with
// autocannon: every request is a new call (its own CallSid), from a random caller (one in ten blocked),
// to a random number, signed with the company's token over the public URL and sorted parameters.
// DURATION seconds per endpoint (10), CONNECTIONS (10), BENCH_PORT (a free port). Afterwards it checks every call was logged once.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import twilio from "twilio";
import { createSecretBox } from "../apps/server/src/lib/secret-box.ts";
import { rawInsertRate } from "./lib/raw-inserts.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const databaseUrl = process.env.DATABASE_URL;
const duration = Math.min(30, Number(process.env.DURATION ?? 10));
const connections = Number(process.env.CONNECTIONS ?? 10);
const NUMBERS = Number(process.env.NUMBERS ?? 50);
const ROUTING = Number(process.env.ROUTING ?? 20);
const BLOCKED = Number(process.env.BLOCKED ?? 1000);
if (!databaseUrl) throw new Error("Set DATABASE_URL to a scratch PostgreSQL database for the server.");

const freePort = () =>
  new Promise((res, rej) => {
    const srv = createServer();
    srv.on("error", rej);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });

// --- the server ---------------------------------------------------------------------------------------
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const encryptionKey = randomBytes(32).toString("base64");
const dataDir = mkdtempSync(join(tmpdir(), "leadpost-bench-voice-"));
const logs = [];
// SERVER_NODE_ARGS passes flags to the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
const nodeArgs = (process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
const server = spawn(process.execPath, [...nodeArgs, "apps/server/dist/index.js"], {
  cwd: ROOT,
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: encryptionKey,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
server.stdout.on("data", (d) => logs.push(String(d)));
server.stderr.on("data", (d) => logs.push(String(d)));
const stopServer = async () => {
  if (server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  rmSync(dataDir, { recursive: true, force: true });
};
const deadline = Date.now() + 120_000;
for (;;) {
  if (server.exitCode !== null) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`server exited early:\n${logs.join("")}`);
  }
  const ok = await fetch(`${baseUrl}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) break;
  if (Date.now() > deadline) {
    await stopServer();
    throw new Error(`server did not become healthy:\n${logs.join("")}`);
  }
  await new Promise((r) => setTimeout(r, 200));
}

// --- a realistic company -----------------------------------------------------------------------------
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const accountSid = `ACbench${randomBytes(12).toString("hex")}`;
const authToken = randomBytes(16).toString("hex");
const company = await pool.query(
  "insert into companies (name, twilio_account_sid, twilio_webhook_base_url) values ($1, $2, $3) returning id",
  [`Voice bench ${new Date().toISOString()}`, accountSid, baseUrl],
);
const companyId = company.rows[0].id;
await pool.query(
  "insert into company_secrets (company_id, name, ciphertext, last4) values ($1, 'twilio_auth_token', $2, $3)",
  [companyId, createSecretBox(encryptionKey).seal(authToken), authToken.slice(-4)],
);
const pad = (n, width) => String(n).padStart(width, "0");
const numbers = Array.from({ length: NUMBERS }, (_, i) => `+1555700${pad(i, 4)}`);
const strategies = ["sequential", "round_robin", "simultaneous"];
const numberRows = await pool.query(
  `insert into phone_numbers (company_id, phone_number, type, routing_strategy, recording_enabled, voicemail_voice)
   select $1, n, 'twilio', ($3::text[])[1 + (i % 3)], i % 4 = 0, 'Polly.Joanna'
   from unnest($2::text[]) with ordinality as t(n, i) returning id`,
  [companyId, numbers, strategies],
);
const routingRows = await pool.query(
  `insert into routing_numbers (company_id, label, phone_number)
   select $1, 'Routing ' || i, '+1303555' || lpad(i::text, 4, '0') from generate_series(1, $2) i returning id`,
  [companyId, ROUTING],
);
const links = [];
numberRows.rows.forEach((n, i) => {
  for (let k = 0; k < 3; k++) links.push([n.id, routingRows.rows[(i + k) % routingRows.rows.length].id]);
});
await pool.query(
  `insert into twilio_number_routing (company_id, twilio_number_id, routing_number_id)
   select $1, a, b from unnest($2::uuid[], $3::uuid[]) as t(a, b)`,
  [companyId, links.map((l) => l[0]), links.map((l) => l[1])],
);
await pool.query(
  `insert into call_center_agents (company_id, name, phone_number, status, sequence_order)
   select $1, 'Agent ' || i, '+1720555' || lpad(i::text, 4, '0'), 'available', i from generate_series(1, 5) i`,
  [companyId],
);
const blocked = Array.from({ length: BLOCKED }, (_, i) => `+1415${pad(i, 7)}`);
await pool.query(
  `insert into blocked_calls (company_id, phone_number, reason)
   select $1, n, 'Manually blocked' from unnest($2::text[]) n`,
  [companyId, blocked],
);

// --- load ----------------------------------------------------------------------------------------------
const voicePath = "/api/twilio/voice";
let n = 0;
let blockedSent = 0;
const inboundCall = () => {
  n += 1;
  const isBlocked = n % 10 === 0;
  if (isBlocked) blockedSent += 1;
  const params = {
    CallSid: `CA${pad(n, 8)}${randomBytes(12).toString("hex")}`,
    AccountSid: accountSid,
    From: isBlocked ? blocked[n % blocked.length] : `+1512${pad(n % 10_000_000, 7)}`,
    To: numbers[n % numbers.length],
    CallStatus: "ringing",
    Direction: "inbound",
    ApiVersion: "2010-04-01",
  };
  return {
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilio.getExpectedTwilioSignature(authToken, `${baseUrl}${voicePath}`, params),
    },
    body: new URLSearchParams(params).toString(),
  };
};

// A first signed call proves the set-up (signature, URL, token) before load.
const probe = inboundCall();
const first = await fetch(`${baseUrl}${voicePath}`, { method: "POST", ...probe });
const firstBody = await first.text();
if (first.status !== 200 || !firstBody.includes("<Dial")) {
  await stopServer();
  throw new Error(`the voice webhook answered ${first.status}: ${firstBody}`);
}

const run = (path, opts = {}) => autocannon({ url: `${baseUrl}${path}`, connections, duration, ...opts });
await run("/api/health", { duration: 2 });
const voiceWarm = await run(voicePath, {
  duration: 2,
  requests: [{ method: "POST", setupRequest: (req) => ({ ...req, ...inboundCall() }) }],
});
const voiceRequests = [{ method: "POST", setupRequest: (req) => ({ ...req, ...inboundCall() }) }];
const health = await run("/api/health");
const voice = await run(voicePath, { requests: voiceRequests });
// One request at a time: what a single call costs, without queueing behind others.
const health1 = await run("/api/health", { connections: 1 });
const voice1 = await run(voicePath, { connections: 1, requests: voiceRequests });
const logged = await pool.query(
  "select count(*)::int as n, (count(*) filter (where status = 'blocked'))::int as blocked from call_logs where company_id = $1",
  [companyId],
);
const rotations = await pool.query(
  "select sum(round_robin_cursor)::int as n from phone_numbers where company_id = $1",
  [companyId],
);
// KEEP=1 leaves the company in place (to look at query plans afterwards).
if (!process.env.KEEP) await pool.query("delete from companies where id = $1", [companyId]);
await pool.end();
await stopServer();

// The same run's raw INSERT rate (10 connections, as the voice phase), for the throughput's ratio.
const rawInserts = await rawInsertRate(databaseUrl, { workers: connections });
console.log(
  `Same run: ${Math.round(rawInserts)} raw single-row INSERTs/s (${connections} connections); voice webhook throughput ${Math.round(voice.requests.average)} req/s = ${((100 * voice.requests.average) / rawInserts).toFixed(1)}% of it (goal >= 30%)`,
);
const sent = (r) => r["2xx"] + r.non2xx;
const answered = 1 + sent(voiceWarm) + sent(voice) + sent(voice1);
const row = (name, r) =>
  `${name.padEnd(22)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  max ${r.latency.max} ms  non-2xx ${r.non2xx}  errors ${r.errors}`;
console.log(
  `company: ${NUMBERS} Twilio numbers, ${ROUTING} routing numbers (3 per number), 5 agents, ${BLOCKED} blocked callers; ${connections} connections, ${duration} s each`,
);
console.log(row("GET /api/health", health));
console.log(row("POST /api/twilio/voice", voice));
const ratio = (a, b) => (a / Math.max(1, b)).toFixed(1);
console.log(
  `ratios voice/health: p50 ${ratio(voice.latency.p50, health.latency.p50)}x, p99 ${ratio(voice.latency.p99, health.latency.p99)}x; goal p99 <= 50 ms: ${voice.latency.p99 <= 50 ? "met" : "not met"}`,
);
console.log("one connection:");
console.log(row("GET /api/health", health1));
console.log(row("POST /api/twilio/voice", voice1));
console.log(
  `ratios voice/health: p50 ${ratio(voice1.latency.p50, health1.latency.p50)}x, p99 ${ratio(voice1.latency.p99, health1.latency.p99)}x`,
);
const { n: loggedCalls, blocked: loggedBlocked } = logged.rows[0];
// Requests still in flight when a phase ends are cut off by the client but still served: logged calls lie
// between the answered and the generated ones, and never exceed them (each call logged once).
console.log(
  `calls: ${answered} answered, ${loggedCalls} logged, ${n} generated (${loggedCalls >= answered && loggedCalls <= n ? "consistent" : "INCONSISTENT"}); ${loggedBlocked} logged as blocked of ${blockedSent} blocked callers generated; round-robin turns ${rotations.rows[0].n}`,
);
