// `npm run bench`: every bench of this folder in one go, one after another, each with the server and the
// scratch database it needs, then one table of each figure next to its same-run baseline and the ratio.
//
//   npm run bench                                                   # embedded database only
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench   # and the PostgreSQL benches
//
// Servers listen on BENCH_PORT (4704), one at a time. With DATABASE_URL each PostgreSQL bench gets its own
// scratch database on that server (created, then dropped). ONLY=startup,routing runs a subset; DURATION
// and the benches' own settings pass through. The submission, routing and purchase benches seed
// BUYERS buyers (10,000 by default) into their company.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.BENCH_PORT ?? 4704);
const databaseUrl = process.env.DATABASE_URL || null;
const only = process.env.ONLY ? new Set(process.env.ONLY.split(",")) : null;
const buyers = process.env.BUYERS ?? "10000";
const rows = [];

function run(args, env, { echo = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (echo) process.stdout.write(d);
    });
    child.stderr.on("data", (d) => {
      out += d;
      if (echo) process.stderr.write(d);
    });
    child.on("exit", (code) => {
      if (code === 0) resolve({ code, out });
      else {
        const last = out.trim().split("\n").filter(Boolean).slice(-3).join(" / ").slice(0, 200);
        reject(new Error(`${args.at(-1)} exited with ${code}: ${last}`));
      }
    });
  });
}

/** The built server on the bench port, until stop(); resolves once /api/health answers. */
async function startServer(env) {
  const child = spawn(process.execPath, ["apps/server/dist/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: "true",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      FORM_SUBMISSIONS_PER_IP_PER_MINUTE: "1000000",
      FORM_SUBMISSIONS_PER_FORM_PER_MINUTE: "10000000",
      ...env,
    },
    stdio: "ignore", // the benches print what they measure; the server's own error logs would drown it
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("the server exited during start-up");
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return async () => {
    child.kill("SIGTERM");
    await exited;
  };
}

/** A scratch database next to DATABASE_URL's, dropped by the returned function. */
async function scratchDatabase(name) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const db = `${new URL(databaseUrl).pathname.slice(1) || "postgres"}_bench_${name}`.replace(
    /[^a-z0-9_]/g,
    "_",
  );
  await admin.query(`drop database if exists ${db} with (force)`);
  await admin.query(`create database ${db}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${db}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: databaseUrl });
      await a.connect();
      await a.query(`drop database if exists ${db} with (force)`);
      await a.end();
    },
  };
}

const num = (re, text) => {
  const m = text.match(re);
  return m ? Number(m[1]) : null;
};
function add(bench, figure, value, unit, baselineName, baseline, goal) {
  const ratio = value != null && baseline ? value / baseline : null;
  rows.push({ bench, figure, value, unit, baselineName, baseline, ratio, goal });
}

/** Runs a bench that talks to a running server on its own scratch database. */
async function withServerOnPostgres(name, script, extraEnv = {}) {
  const db = await scratchDatabase(name);
  let stop = null;
  try {
    stop = await startServer({ DATABASE_URL: db.url });
    return await run([script], { BENCH_URL: `http://127.0.0.1:${port}`, DATABASE_URL: db.url, ...extraEnv });
  } finally {
    await stop?.();
    await db.drop();
  }
}

const benches = {
  async startup() {
    const { out } = await run(["bench/startup.mjs"], { PRINT_JSON: "1", PORT: String(port) });
    const line = out.split("\n").find((l) => l.startsWith("BENCH_SUMMARY "));
    if (!line) return;
    const s = JSON.parse(line.slice("BENCH_SUMMARY ".length));
    add(
      "startup",
      "start to healthy, existing data folder",
      s.existingMs,
      "ms",
      "bare node -e server",
      s.bareNodeMs,
      "≤ 1000 ms",
    );
    add(
      "startup",
      "start to healthy, new data folder",
      s.freshMs,
      "ms",
      "bare node -e server",
      s.bareNodeMs,
      "≤ 2000 ms",
    );
    // CPU time hardly moves with the machine's load, the wall time does: both are printed.
    if (s.existingCpuMs !== null) {
      add("startup", "CPU time to healthy, existing data folder", s.existingCpuMs, "ms", "", null, "");
      add("startup", "CPU time to healthy, new data folder", s.freshCpuMs, "ms", "", null, "");
    }
  },
  async "bundle-size"() {
    const { out } = await run(["bench/bundle-size.mjs"], {});
    const kib = (page) => num(new RegExp(`^${page.replace(/[/:]/g, "\\$&")}\\s+([\\d.]+) KiB`, "m"), out);
    add("bundle-size", "/forms/:id until idle (gzip)", kib("/forms/:id"), "KiB", "goal", 25, "≤ 25 KiB");
    add("bundle-size", "/login until idle (gzip)", kib("/login"), "KiB", "goal", 110, "≤ 110 KiB");
    // The routes the performance issue names, then the largest of all (the list is printed largest first).
    for (const page of ["/dashboard", "/dashboard/leads", "/owner/settings", "/dashboard/calls"])
      add("bundle-size", `${page} until idle (gzip)`, kib(page), "KiB", "goal", 150, "≤ 150 KiB");
    const largest = out.match(/^(\/\S*)\s+([\d.]+) KiB/m);
    if (largest)
      add(
        "bundle-size",
        `largest route (${largest[1]})`,
        Number(largest[2]),
        "KiB",
        "goal",
        150,
        "≤ 150 KiB",
      );
  },
  // A backup and a restore of a company of BACKUP_LEADS leads and of a tenth of it: time and peak memory
  // (the large company's peak RSS over the small one's: about 1 when memory is flat). Long at 1,000,000
  // leads, so only with ONLY=backups (or BACKUP_LEADS set).
  async backups() {
    if (!only?.has("backups") && !process.env.BACKUP_LEADS) {
      console.log("backups: run with ONLY=backups (or BACKUP_LEADS=…); it takes minutes at 1,000,000 leads");
      return;
    }
    const db = await scratch("backups");
    const { out } = await run(["--import", "tsx", "bench/backups.mjs"], {
      DATABASE_URL: db.url,
      LEADS: process.env.BACKUP_LEADS ?? "1000000",
    });
    const result = JSON.parse(out.match(/RESULT (.+)/)?.[1] ?? "null");
    if (!result) return;
    const { small, large } = result;
    for (const [figure, key, unit, goal] of [
      ["backup peak RSS", "backupPeakMb", "MB", "ratio ≈ 1 (flat)"],
      ["restore peak RSS", "restorePeakMb", "MB", "ratio ≈ 1 (flat)"],
      ["backup time", "backupSeconds", "s", ""],
      ["restore time", "restoreSeconds", "s", ""],
    ]) {
      const value = (figures) => Math.round(figures[key]);
      add(
        "backups",
        `${figure}, ${large.leads} leads`,
        value(large),
        unit,
        `same, ${small.leads} leads`,
        value(small),
        goal,
      );
    }
  },
  // The accept statement alone on the database (no HTTP, validation or routing): the accept path's ceiling.
  async "accept-statement"() {
    const { out } = await withServerOnPostgres("accept", "bench/accept-statement.mjs", {});
    const rounds = [...out.matchAll(/raw INSERTs (\d+)\/s; accept_submission (\d+)\/s/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    const mid = rounds.toSorted((a, b) => a[1] / a[0] - b[1] / b[0])[Math.floor(rounds.length / 2)];
    if (mid)
      add(
        "accept-statement",
        "accept statements/s (database only)",
        mid[1],
        "/s",
        "raw INSERTs/s, 10 conns",
        mid[0],
        "",
      );
  },
  // The accept path three times: no buyers, the company's buyers spread over the country (about 30 match
  // each lead), then packed in the leads' 8 metro areas (about an eighth of them match each lead).
  async submissions() {
    const runs = [
      { label: "0 buyers", env: { COMPANY_BUYERS: "0" } },
      { label: `${buyers} buyers spread`, env: { COMPANY_BUYERS: buyers, BUYER_LAYOUT: "spread" } },
      { label: `${buyers} buyers in 8 metros`, env: { COMPANY_BUYERS: buyers, BUYER_LAYOUT: "metro" } },
    ];
    // LAYOUTS=spread,metro runs some of them (0, spread, metro).
    const layouts = process.env.LAYOUTS ? new Set(process.env.LAYOUTS.split(",")) : null;
    for (const [i, { label, env }] of runs.entries()) {
      if (layouts && !layouts.has(["0", "spread", "metro"][i])) continue;
      console.log(`\n--- submissions, ${label} ---`);
      const { out } = await withServerOnPostgres(`submissions${i}`, "bench/submissions.mjs", {
        HALF_RATE: "1",
        ...env,
      });
      const rate = num(/^(\d+) submissions\/s/m, out);
      const raw = num(/vs (\d+) raw single-row inserts\/s/, out);
      add(
        "submissions",
        `accepted submissions/s, ${label}`,
        rate,
        "/s",
        "raw INSERTs/s, 10 conns",
        raw,
        "≥ 30%",
      );
      add(
        "submissions",
        `routing alone after the load, leads/s, ${label}`,
        num(/routing alone decided its backlog of \d+ at (\d+) leads\/s/, out),
        "/s",
        "accepted submissions/s",
        rate,
        "keeps up (≥ 100%)",
      );
      add(
        "submissions",
        `the same against a bare request, ${label}`,
        rate,
        "/s",
        "GET /api/health/s",
        num(/GET \/api\/health on the same server: (\d+) requests\/s/, out),
        "",
      );
      add(
        "submissions",
        `p99 at half that rate, ${label}`,
        num(/half-rate p99 (\d+) ms/, out),
        "ms",
        "",
        null,
        "≤ 50 ms",
      );
      add(
        "submissions",
        `lead decided after storing, p99 at half rate, ${label}`,
        num(/^at half that rate:.*leads decided p50 \d+ ms, p99 (\d+) ms/m, out),
        "ms",
        "",
        null,
        "≤ 1000 ms",
      );
    }
  },
  async routing() {
    for (const [layout, env] of [
      ["buyers spread", {}],
      ["buyers in 8 metros (1,250 match each lead)", { METROS: "1" }],
    ]) {
      // 1,000 leads a phase: at 300 a batch phase lasts well under a second, too short to read 2 ms in.
      const { out } = await run(["--import", "tsx", "bench/routing.mjs"], {
        BENCH_DATABASE_URL: databaseUrl,
        BUYERS: buyers,
        LEADS: process.env.LEADS ?? "1000",
        ...env,
      });
      const rt = num(/select 1 round trip: p50 ([\d.]+) ms/, out);
      add(
        "routing",
        `one lead alone, mean, ${buyers} ${layout}`,
        num(/one at a time: .*?mean ([\d.]+) ms/, out),
        "ms",
        "select 1 round trip",
        rt,
        "≤ 5 ms",
      );
      // The worker's batches: the wall time per lead (1 / leads per second), not one routing's latency.
      const perSecond = num(/in batches of \d+, \d+ at a time: .*?\((\d+) leads\/s\)/, out);
      add(
        "routing",
        `in batches, wall time per lead, ${buyers} ${layout}`,
        perSecond ? Math.round((1000 / perSecond) * 100) / 100 : null,
        "ms",
        "select 1 round trip",
        rt,
        "≤ 2 ms",
      );
    }
  },
  // The race: 200 funded buyers, 200 attempts on each lead of cap 3, in a company of BUYERS.
  async purchases() {
    const { out } = await withServerOnPostgres("purchases", "bench/purchases.mjs", {
      COMPANY_BUYERS: buyers,
      BUYERS: "200",
      ATTEMPTS_PER_LEAD: "200",
    });
    add(
      "purchases",
      "attempts/s, 200 buyers racing for 3 slots",
      num(/out of (\d+) attempts\/s/, out),
      "/s",
      "raw INSERTs/s, 10 conns",
      num(/Same run: (\d+) raw single-row INSERTs/, out),
      "≥ 25%",
    );
    add(
      "purchases",
      "wallets drifted + leads oversold",
      num(/(\d+) wallets drifted/, out) + num(/(\d+) leads oversold/, out),
      "",
      "",
      null,
      "0",
    );
  },
  async "voice-webhook"() {
    const { out } = await run(["--import", "tsx", "bench/voice-webhook.mjs"], {
      DATABASE_URL: (await scratch("voice")).url,
      BENCH_PORT: String(port),
    });
    const p99 = (name) =>
      num(
        new RegExp(`^${name.replace(/\//g, "\\/")}\\s+\\d+ req/s\\s+p50 \\d+ ms\\s+p99 (\\d+) ms`, "m"),
        out,
      );
    add(
      "voice-webhook",
      "voice webhook p99, 10 connections",
      p99("POST /api/twilio/voice"),
      "ms",
      "GET /api/health p99",
      p99("GET /api/health"),
      "≤ 50 ms",
    );
    add(
      "voice-webhook",
      "voice webhook throughput, 10 connections",
      num(/voice webhook throughput (\d+) req\/s/, out),
      "/s",
      "raw INSERTs/s, 10 conns",
      num(/Same run: (\d+) raw single-row INSERTs/, out),
      "≥ 30%",
    );
  },
  // A company of 1,000,000 leads and 10,000 buyers made by SQL; its screens' p95 against a bare request's
  // and the CSV export of every lead. Long (the seed alone takes minutes on a loaded machine).
  async million() {
    const db = await scratch("million");
    const { out } = await run(["bench/million.mjs"], {
      DATABASE_URL: db.url,
      BENCH_PORT: String(port),
      LEADS: process.env.MILLION_LEADS ?? "1000000",
    });
    const result = JSON.parse(out.match(/RESULT (.+)/)?.[1] ?? "null");
    if (!result) return;
    const leadsLabel = `${result.leads.toLocaleString("en-US")} leads`;
    for (const [key, figure] of [
      ["listFirst", "Leads list, first page"],
      ["listDeep", "Leads list, page 4,001 by offset"],
      ["listCursor", "Leads list, page 4,001 by cursor"],
      ["searchName", "Leads search, a name"],
      ["searchEmail", "Leads search, one e-mail"],
      ["searchPhone", "Leads search, phone digits"],
      ["detail", "lead detail"],
      ["dashboard", "dashboard summary"],
      ["available", "buyer portal, available leads"],
      ["myLeads", "buyer portal, my leads"],
    ])
      add(
        "million",
        `${figure} p95, ${leadsLabel}`,
        Math.round(result[key]),
        "ms",
        "GET /api/health p95",
        result.healthP95,
        "≤ 100 ms",
      );
    if (result.export) {
      add(
        "million",
        `CSV export of every lead, rows/s, ${leadsLabel}`,
        result.export.rowsPerSecond,
        "/s",
        "goal",
        50_000,
        "≥ 50,000/s",
      );
      add(
        "million",
        `CSV export, server peak RSS, ${leadsLabel}`,
        Math.round(result.export.rssPeakMb),
        "MB",
        "RSS before the export",
        Math.round(result.export.rssBeforeMb),
        "≈ 1× (flat)",
      );
    }
  },
  async dni() {
    const { out } = await withServerOnPostgres("dni", "bench/dni.mjs");
    const p99 = (name) =>
      num(
        new RegExp(`^${name.replace(/\//g, "\\/")}\\s+\\d+ req/s\\s+p50 \\d+ ms\\s+p99 (\\d+) ms`, "m"),
        out,
      );
    add(
      "dni",
      "visit beacon p99",
      p99("POST dni/sessions"),
      "ms",
      "GET /api/health p99",
      p99("GET /api/health"),
      "",
    );
    add("dni", "script size (gzip)", num(/, (\d+) bytes gzip/, out), "B", "budget", 3072, "≤ 3072 B");
  },
};

// The voice bench starts its own server; it only needs a database of its own.
const scratches = [];
async function scratch(name) {
  const db = await scratchDatabase(name);
  scratches.push(db);
  return db;
}

const needsPostgres = new Set([
  "accept-statement",
  "backups",
  "submissions",
  "routing",
  "purchases",
  "voice-webhook",
  "million",
  "dni",
]);
const skipped = [];
for (const [name, fn] of Object.entries(benches)) {
  if (typeof fn !== "function" || (only && !only.has(name))) continue;
  if (needsPostgres.has(name) && !databaseUrl) {
    skipped.push(name);
    continue;
  }
  console.log(`\n=== ${name} ===`);
  try {
    await fn();
  } catch (err) {
    console.error(`${name} failed: ${err.message}`);
    rows.push({ bench: name, figure: `failed: ${err.message}`, value: null });
  } finally {
    while (scratches.length) await scratches.pop().drop();
  }
}

const cell = (v) => (v == null ? "–" : Number.isInteger(v) ? String(v) : v.toFixed(2));
console.log(`\n## npm run bench (${databaseUrl ? "PostgreSQL and embedded" : "embedded database only"})\n`);
console.log("| bench | figure | value | same-run baseline | ratio | goal |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) {
  const base = r.baseline == null ? "–" : `${cell(r.baseline)} (${r.baselineName})`;
  const ratio =
    r.ratio == null ? "–" : r.unit === "/s" ? `${(r.ratio * 100).toPrecision(2)}%` : `${r.ratio.toFixed(1)}×`;
  console.log(
    `| ${r.bench} | ${r.figure} | ${cell(r.value)} ${r.unit ?? ""} | ${base} | ${ratio} | ${r.goal ?? ""} |`,
  );
}
if (skipped.length)
  console.log(`\nNot run without DATABASE_URL (they seed PostgreSQL directly): ${skipped.join(", ")}`);
