// Start to healthy on the embedded database: the time from spawning the built server until
// GET /api/health answers 200, with an existing data folder and with a new one, next to the same run's
// baseline (a bare `node -e` HTTP server spawned and polled the same way).
//
//   npm run build -w @leadpost/server && node bench/startup.mjs
//   RUNS (5), PORT (4704), SEED_DEMO (false) change the run; PRINT_JSON=1 prints one summary line as JSON;
//   COMPARE_ENTRY=/path/to/other/apps/server/dist/index.js also times another build (e.g. the previous
//   commit's) in the same runs, alternating with this one.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.env.RUNS ?? 5);
const port = Number(process.env.PORT ?? 4704);
const seedDemo = process.env.SEED_DEMO ?? "false";
const serverEntry = join(root, "apps/server/dist/index.js");
const compareEntry = process.env.COMPARE_ENTRY;

const BARE_SERVER = `require("node:http").createServer((q, s) => s.end("ok")).listen(${port}, "127.0.0.1")`;

/**
 * The CPU time (user + system) a process has used so far, from Linux's /proc (null elsewhere): unlike
 * the wall time it hardly moves when other work shares the machine.
 */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Spawns args, polls /api/health every 5 ms, returns the milliseconds until it answered 200. */
async function timeToHealthy(args, env) {
  const { ms } = await timeAndCpuToHealthy(args, env);
  return ms;
}

/** The same, with the CPU time the process had used when it first answered. */
async function timeAndCpuToHealthy(args, env) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early: ${stderr.slice(-2000)}`);
      if (performance.now() - started > 60_000) throw new Error("not healthy within 60 s");
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { ms: performance.now() - started, cpuMs: cpuMsOf(child.pid) };
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const serverEnv = (dataDir) => ({
  NODE_ENV: "development",
  DATABASE_URL: "",
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  SEED_DEMO: seedDemo,
  LOG_LEVEL: "warn",
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${Math.round(ms)} ms`;
const medianOrNull = (xs) => (xs.every((x) => x !== null) ? median(xs) : null);

/** Times `entry` on a new data folder, then again on the folder it left. */
async function timeBoth(entry, dataDir) {
  const fresh = await timeAndCpuToHealthy([entry], serverEnv(dataDir));
  const existing = await timeAndCpuToHealthy([entry], serverEnv(dataDir));
  return { fresh: fresh.ms, existing: existing.ms, freshCpu: fresh.cpuMs, existingCpu: existing.cpuMs };
}

const summarise = (runs) => ({
  existingMs: Math.round(median(runs.map((r) => r.existing))),
  freshMs: Math.round(median(runs.map((r) => r.fresh))),
  existingRange: [
    Math.round(Math.min(...runs.map((r) => r.existing))),
    Math.round(Math.max(...runs.map((r) => r.existing))),
  ],
  existingCpuMs: medianOrNull(runs.map((r) => r.existingCpu)),
  freshCpuMs: medianOrNull(runs.map((r) => r.freshCpu)),
  freshRange: [
    Math.round(Math.min(...runs.map((r) => r.fresh))),
    Math.round(Math.max(...runs.map((r) => r.fresh))),
  ],
});

const describe = (name, s, bare) =>
  `${name}: existing data folder ${fmt(s.existingMs)} (${s.existingRange.map(fmt).join("–")}, ` +
  `${(s.existingMs / bare).toFixed(1)}× bare node), new data folder ${fmt(s.freshMs)} ` +
  `(${s.freshRange.map(fmt).join("–")}, ${(s.freshMs / bare).toFixed(1)}× bare node)` +
  (s.existingCpuMs === null
    ? ""
    : `; CPU time to healthy: existing ${fmt(s.existingCpuMs)}, new ${fmt(s.freshCpuMs)}`);

export async function benchStartup() {
  const work = mkdtempSync(join(tmpdir(), "leadpost-startup-"));
  const bare = [];
  const runsOf = { server: [], compare: [] };
  try {
    for (let i = 0; i < runs; i++) {
      bare.push(await timeToHealthy(["-e", BARE_SERVER], {}));
      const r = await timeBoth(serverEntry, join(work, `data-${i}`));
      runsOf.server.push(r);
      let line = `run ${i + 1}: bare node ${fmt(bare[i])}, new data folder ${fmt(r.fresh)}, existing ${fmt(r.existing)} (CPU ${r.existingCpu} ms)`;
      if (compareEntry) {
        const c = await timeBoth(compareEntry, join(work, `compare-${i}`));
        runsOf.compare.push(c);
        line += `; compared build: new ${fmt(c.fresh)}, existing ${fmt(c.existing)} (CPU ${c.existingCpu} ms)`;
      }
      console.log(line);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const bareMs = Math.round(median(bare));
  const summary = { bench: "startup", seedDemo, runs, bareNodeMs: bareMs, ...summarise(runsOf.server) };
  console.log(
    `start to healthy, median of ${runs} (SEED_DEMO=${seedDemo}); bare node -e server ${fmt(bareMs)}`,
  );
  console.log(describe("  this build", summary, bareMs));
  if (compareEntry) {
    summary.compare = { entry: compareEntry, ...summarise(runsOf.compare) };
    console.log(describe("  compared build", summary.compare, bareMs));
  }
  return summary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const summary = await benchStartup();
  if (process.env.PRINT_JSON) console.log(`BENCH_SUMMARY ${JSON.stringify(summary)}`);
}
