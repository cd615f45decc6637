// Lead routing time per lead with 10,000 buyers in one company, on PostgreSQL, through the real
// routing entry point (modules/lead-distribution: routeLead), so it measures exactly what a submission runs.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/routing.mjs
//
// The script creates a scratch database next to the given one (dropped at the end), migrates it,
// writes one company with BUYERS buyers at real US zip centroids (seeded random: radius 10–100 miles,
// two niches, 10% inactive, 5% archived, 10% all-you-can-eat, 20% with prepaid leads) and a form with
// sale cap 3, then routes LEADS leads one after another and the same number again as the routing worker
// does: in batches of BATCH leads, CONCURRENCY routings at a time, the batch's new-lead notices queued as
// one job at its end. Settings: BUYERS (10000), LEADS (300), CONCURRENCY (4), BATCH (50), NO_INDEX=1 (drops the
// service-area index first, to compare), BENCH_DB (the scratch database's name; default
// leadpost_bench_routing_<random>, so runs at the same time never share one).
//
// The buyers' new-lead notices are timed too: routing queues their job on a real job queue (pg-boss on
// the scratch database, no worker), and after each phase the script runs that job for every routed lead
// itself, one lead at a time and then NOTICE_CONCURRENCY (2, the server's) at a time, timed apart from
// the routing. A build that still sends the notices inside routeLead has no such job: its routing times
// include them and the notice lines say so. NOTICES=0 skips the notice jobs.
//
// METROS=1 packs the buyers around 8 metro areas instead (bench/lib/company-buyers.mjs, the layout of
// the submission bench's BUYER_LAYOUT=metro: all active, the form's niche, no allowances) and puts every
// lead at one of those metros, so each lead matches about BUYERS / 8 buyers (about 1,250), all previews.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import pg from "pg";
import { openPostgres } from "../apps/server/src/db/client.ts";
import { runMigrations } from "../apps/server/src/db/migrate.ts";
import { startJobQueue } from "../apps/server/src/jobs/queue.ts";
import { loadConfig } from "../apps/server/src/lib/config.ts";
import { createLogger } from "../apps/server/src/lib/logger.ts";
import { createSecretBox } from "../apps/server/src/lib/secret-box.ts";
import { createEmailService } from "../apps/server/src/modules/email/service.ts";
import * as leadDistribution from "../apps/server/src/modules/lead-distribution/index.ts";
import { queueNewLeadNotices } from "../apps/server/src/modules/lead-distribution/notices/new-lead-notice.ts";
import { seedCompanyBuyers } from "./lib/company-buyers.mjs";

// The expression of the buyers_service_area_box index (migration 0004), as the planner must see it.
const SERVICE_BOX_SQL = `box(point("longitude" - ("service_radius"::float8 / (68.7 * greatest(cos(radians(least(89::float8, abs("latitude") + ("service_radius"::float8 / 68.7)))), 0.01::float8))), "latitude" - ("service_radius"::float8 / 68.7)), point("longitude" + ("service_radius"::float8 / (68.7 * greatest(cos(radians(least(89::float8, abs("latitude") + ("service_radius"::float8 / 68.7)))), 0.01::float8))), "latitude" + ("service_radius"::float8 / 68.7)))`;

const require = createRequire(new URL("../apps/server/package.json", import.meta.url));
const zipcodes = require("zipcodes");

const baseUrl = process.env.BENCH_DATABASE_URL;
if (!baseUrl)
  throw new Error("Set BENCH_DATABASE_URL to a PostgreSQL server (a scratch database is created there).");
const BUYERS = Number(process.env.BUYERS ?? 10_000);
const LEADS = Number(process.env.LEADS ?? 300);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const BATCH = Number(process.env.BATCH ?? 50);
const NOTICE_CONCURRENCY = Number(process.env.NOTICE_CONCURRENCY ?? 2);
const METROS = process.env.METROS === "1";
const NOTICES = process.env.NOTICES !== "0";
const METRO_ZIPS = ["80202", "10001", "30301", "60601", "94103", "73301", "98101", "33101"];
// The notice job (modules/lead-distribution/notices/new-lead-notice.ts).
const { sendNewLeadNotices } = leadDistribution;
// The routing entry point, and the worker's one notice job per batch.
const { routeLead } = leadDistribution;
const queueBatchNotices = (deps, batch) => queueNewLeadNotices(deps, batch.leadIds);
const leadPreviews = leadDistribution;

// A small deterministic generator: the same buyers and leads on every run.
let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = (list) => list[Math.floor(rand() * list.length)];

const name = process.env.BENCH_DB ?? `leadpost_bench_routing_${randomBytes(4).toString("hex")}`;
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error("BENCH_DB: lower-case letters, digits and _ only");
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const database = openPostgres(url.toString(), 10);
let queue = null;

try {
  await runMigrations(database);
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "/tmp", SEED_DEMO: "false" });
  const logger = createLogger("silent");
  const secretBox = createSecretBox(randomBytes(32).toString("base64"));
  const email = createEmailService({ db: database.db, config, secretBox, logger });
  // Routing queues the notice job on a real queue (its cost is part of routing), inside its transaction
  // once the queue exists (as a server does); no worker runs the jobs.
  queue = await startJobQueue(database, logger);
  const jobs = {
    attach() {},
    async send(jobName, data) {
      await queue.send(jobName, data);
      return true;
    },
    async sendInTransaction(jobName, data, execute) {
      const sending = queue.sendWith?.(jobName, data, execute);
      if (!sending) return false;
      await sending;
      return true;
    },
  };
  const deps = { database, logger, email, config, jobs };

  const client = new pg.Client({ connectionString: url.toString() });
  // The scratch database is dropped with force at the end, which ends this connection.
  client.on("error", () => {});
  await client.connect();
  const company = (await client.query("insert into companies (name) values ('Routing bench') returning id"))
    .rows[0].id;
  const nicheIds = [];
  for (const n of ["Roofing", "HVAC"]) {
    nicheIds.push(
      (await client.query("insert into niches (company_id, name) values ($1, $2) returning id", [company, n]))
        .rows[0].id,
    );
  }
  // Zips of the lower 48 states, where the buyers and leads are.
  const zips = Object.values(zipcodes.codes).filter(
    (z) =>
      z.country === "US" && z.latitude > 24 && z.latitude < 50 && z.longitude > -125 && z.longitude < -66,
  );

  const started = performance.now();
  if (METROS)
    await seedCompanyBuyers(client, company, BUYERS, { nicheId: nicheIds[0], metroZips: METRO_ZIPS });
  for (let offset = 0; offset < (METROS ? 0 : BUYERS); offset += 1000) {
    const values = [];
    const params = [];
    for (let i = offset; i < Math.min(BUYERS, offset + 1000); i++) {
      const z = pick(zips);
      const roll = rand();
      const prepaid = rand() < 0.2 ? 50 : 0;
      const row = [
        company,
        `buyer${i}@bench.test`,
        `Buyer ${i}`,
        z.zip,
        z.latitude,
        z.longitude,
        10 + Math.floor(rand() * 91),
        pick(nicheIds),
        roll < 0.1 ? "inactive" : "active",
        rand() < 0.1,
        prepaid,
        prepaid,
        roll > 0.95 ? new Date() : null,
      ];
      values.push(`(${row.map((_, k) => `$${params.length + k + 1}`).join(", ")})`);
      params.push(...row);
    }
    await client.query(
      `insert into buyers (company_id, email, contact_name, zip_code, latitude, longitude, service_radius,
         niche_id, status, all_you_can_eat_enabled, prepaid_leads_total, prepaid_leads_remaining, deleted_at)
       values ${values.join(", ")}`,
      params,
    );
  }
  // NO_INDEX=1 measures the same routing without the service-area index, for comparison.
  if (process.env.NO_INDEX === "1") await client.query("drop index buyers_service_area_box");
  await client.query("analyze buyers");
  const form = (
    await client.query(
      "insert into forms (company_id, title, status, niche_id, sale_cap) values ($1, 'Bench', 'published', $2, 3) returning id",
      [company, nicheIds[0]],
    )
  ).rows[0].id;
  console.log(`${BUYERS} buyers written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  async function newLeads(n) {
    const ids = [];
    for (let i = 0; i < n; i++) {
      const z = METROS ? zipcodes.lookup(pick(METRO_ZIPS)) : pick(zips);
      const row = await client.query(
        `insert into leads (company_id, form_id, source, zip_code, city, state, latitude, longitude, niche_id, sale_cap)
         values ($1, $2, 'form', $3, $4, $5, $6, $7, $8, 3) returning id`,
        [company, form, z.zip, z.city, z.state, z.latitude, z.longitude, nicheIds[0]],
      );
      ids.push(row.rows[0].id);
    }
    return ids;
  }

  const stats = (times) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const mean = times.reduce((s, t) => s + t, 0) / times.length;
    return `mean ${mean.toFixed(1)} ms, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`;
  };

  // The notice job for each of these leads, `lanes` at a time, as the server's worker runs it.
  async function noticeJobs(ids, lanes) {
    if (!NOTICES) return;
    if (!sendNewLeadNotices) {
      console.log("  notices: sent inside routeLead by this build (included in the routing times above)");
      return;
    }
    const ntimes = [];
    let emails = 0;
    let k = 0;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        while (k < ids.length) {
          const id = ids[k++];
          const t = performance.now();
          const done = await sendNewLeadNotices(deps, { leadIds: [id] });
          emails += done.emails;
          ntimes.push(performance.now() - t);
        }
      }),
    );
    const w = performance.now() - t0;
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1000 / ids.length;
    console.log(
      `  notice jobs, ${lanes} at a time: ${ids.length} leads in ${(w / 1000).toFixed(2)} s (${((ids.length / w) * 1000).toFixed(0)} leads/s, ${(w / ids.length).toFixed(1)} ms per lead), ${(emails / ids.length).toFixed(1)} e-mails per lead, ${stats(ntimes)}, Node CPU ${cpu.toFixed(2)} ms per lead`,
    );
  }

  // How the candidates are found: the plan of the service-area query for one lead.
  const probe = pick(zips);
  const plan = await client.query(
    `explain (analyze, format json) select id from buyers
      where company_id = $1 and ${SERVICE_BOX_SQL} && box(point($2::float8 - 1, $3::float8 - 1), point($2::float8 + 1, $3::float8 + 1))`,
    [company, probe.longitude, probe.latitude],
  );
  const nodes = [];
  const walk = (n) => {
    nodes.push(n["Index Name"] ? `${n["Node Type"]} on ${n["Index Name"]}` : n["Node Type"]);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(plan.rows[0]["QUERY PLAN"][0].Plan);
  console.log(
    `candidate query plan: ${nodes.join(" > ")} (${plan.rows[0]["QUERY PLAN"][0]["Execution Time"].toFixed(2)} ms)`,
  );

  // The machine's own round trip right now, for scale (the runs below make about ten per lead).
  const rt = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await client.query("select 1");
    rt.push(performance.now() - t);
  }
  rt.sort((a, b) => a - b);
  console.log(`one select 1 round trip: p50 ${rt[100].toFixed(2)} ms`);

  // Warm-up (connections, plans), not counted.
  for (const id of await newLeads(10)) {
    await routeLead(deps, id);
    if (sendNewLeadNotices && NOTICES) await sendNewLeadNotices(deps, { leadIds: [id] });
  }

  // Node's own CPU per lead (user + system), less sensitive to a busy machine than wall time.
  const cpuMs = (since) => {
    const u = process.cpuUsage(since);
    return (u.user + u.system) / 1000;
  };
  // PostgreSQL's CPU for the same work: its backends serving the scratch database, read from /proc
  // (a server on this machine only; none elsewhere). Most of the 2026-11-24 → 11-26 regression was there.
  const pgPids = async () =>
    (
      await client.query("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
        name,
      ])
    ).rows.map((r) => r.pid);
  const pgCpuMs = async () => {
    let ticks = 0;
    for (const pid of await pgPids()) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
        ticks += Number(stat[11]) + Number(stat[12]);
      } catch {
        return null;
      }
    }
    return ticks * 10; // USER_HZ 100
  };
  const pgPerLead = (before, after) =>
    before === null || after === null
      ? ""
      : `, PostgreSQL CPU ${((after - before) / LEADS).toFixed(2)} ms per lead`;
  const sequential = await newLeads(LEADS);
  const times = [];
  const pg1 = await pgCpuMs();
  const cpu1 = process.cpuUsage();
  for (const id of sequential) {
    const t = performance.now();
    await routeLead(deps, id);
    times.push(performance.now() - t);
  }
  console.log(
    `one at a time: ${LEADS} leads, ${stats(times)}, Node CPU ${(cpuMs(cpu1) / LEADS).toFixed(2)} ms per lead${pgPerLead(pg1, await pgCpuMs())}`,
  );
  await noticeJobs(sequential, 1);

  const parallel = await newLeads(LEADS);
  const ptimes = [];
  const pg2 = await pgCpuMs();
  const t0 = performance.now();
  const cpu2 = process.cpuUsage();
  // As the routing worker does: batches of BATCH leads, CONCURRENCY at a time within a batch, and the
  // batch's new-lead notices queued as one job when it ends.
  for (let from = 0; from < parallel.length; from += BATCH) {
    const chunk = parallel.slice(from, from + BATCH);
    const batch = { leadIds: [] };
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < chunk.length) {
          const id = chunk[next++];
          const t = performance.now();
          await routeLead(deps, id, batch);
          ptimes.push(performance.now() - t);
        }
      }),
    );
    if (queueBatchNotices) await queueBatchNotices(deps, batch);
  }
  const wall = performance.now() - t0;
  const nodeCpu2 = cpuMs(cpu2);
  console.log(
    `in batches of ${BATCH}, ${CONCURRENCY} at a time: ${LEADS} leads in ${(wall / 1000).toFixed(2)} s (${((LEADS / wall) * 1000).toFixed(0)} leads/s), ${stats(ptimes)}, Node CPU ${(nodeCpu2 / LEADS).toFixed(2)} ms per lead${pgPerLead(pg2, await pgCpuMs())}`,
  );
  await noticeJobs(parallel, NOTICE_CONCURRENCY);

  const all = [...sequential, ...parallel];
  const summary = (
    await client.query(
      `select avg(decisions)::numeric(10,1) as decisions, avg(full_access)::numeric(10,2) as full_access,
              avg(previews)::numeric(10,1) as previews, avg(decided)::numeric(10,1) as decided,
              avg(reasons)::numeric(10,1) as reasons, avg(bytes)::int as bytes
         from (select l.id,
                      (select count(*) from lead_routing_decisions d where d.lead_id = l.id) as decisions,
                      (select count(*) from buyer_leads b where b.lead_id = l.id and not b.is_preview) as full_access,
                      (select count(*) from buyer_leads b where b.lead_id = l.id and b.is_preview) as previews,
                      (select count(*) from lead_routing_decisions d, jsonb_array_elements(d.reasons) r
                        where d.lead_id = l.id and r->>'outcome' = 'preview') as decided,
                      (select sum(jsonb_array_length(d.reasons)) from lead_routing_decisions d
                        where d.lead_id = l.id) as reasons,
                      (select sum(pg_column_size(d.reasons)) from lead_routing_decisions d
                        where d.lead_id = l.id) as bytes
                 from leads l where l.id = any($1::uuid[])) s`,
      [all],
    )
  ).rows[0];
  const mail = (
    await client.query(
      `select count(*)::int as n from email_messages where company_id = $1 and kind = 'new_lead'`,
      [company],
    )
  ).rows[0];
  // Previews derived on read: the buyers the lead detail and the buyer portal show it to, for 20 leads.
  let derived = 0;
  const sample = all.slice(0, 20);
  if (leadPreviews?.leadPreviewBuyers) {
    for (const id of sample) {
      derived += (await leadPreviews.leadPreviewBuyers(database.db, { id, companyId: company })).length;
    }
  }
  console.log(
    `per lead: ${summary.decisions} decision rows (${summary.reasons} reasons, ${summary.bytes} bytes stored), ${summary.full_access} full-access entries, ${summary.previews} preview rows, ${summary.decided} previews decided and stored, ${(derived / sample.length).toFixed(1)} previews derived on read, ${(mail.n / (all.length + 10)).toFixed(1)} new-lead notices (warm-up leads included)`,
  );
  const check = (
    await client.query(
      `select (select coalesce(sum(prepaid_leads_total - prepaid_leads_remaining), 0) from buyers where company_id = $1) as used,
              (select count(*) from buyer_leads where company_id = $1 and acquired_via = 'prepaid') as delivered`,
      [company],
    )
  ).rows[0];
  console.log(`prepaid leads used ${check.used}, prepaid deliveries ${check.delivered} (must be equal)`);
  await client.end();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await queue?.stop(2000).catch(() => {});
  await database.close();
  if (!process.env.KEEP_DB) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
