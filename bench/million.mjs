// A company of LEADS leads (1,000,000) and COMPANY_BUYERS buyers (10,000), made by SQL in seconds, then the
// company's and a buyer's screens measured against the built server on PostgreSQL: p95 of the Leads list
// (first page, a deep page by offset and by cursor), Leads search (name, e-mail, phone), a lead's detail,
// the dashboard summary, the buyer portal's lists (available leads, my leads), and the CSV export of every
// lead: rows per second and the server's resident memory (sampled from /proc every 20 ms) before and at
// its peak during the export.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<an empty scratch database> BENCH_PORT=4780 \
//   nice node bench/million.mjs
//
// It starts the built server (apps/server/dist) on that database itself (it migrates it), then seeds. Settings: LEADS, COMPANY_BUYERS,
// SAMPLES requests per figure (40, after 3 warm-ups), SKIP_EXPORT=1, SKIP_SCREENS=1 (the export alone),
// EXPORT_ROWS=n (the export's first n rows only, the download then cancelled: comparing builds quickly).
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hash } from "@node-rs/argon2";
import pg from "pg";
import zipcodes from "zipcodes";
import { seedCompanyBuyers } from "./lib/company-buyers.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("Set DATABASE_URL to an empty scratch database.");
const port = Number(process.env.BENCH_PORT ?? 4780);
const baseUrl = `http://127.0.0.1:${port}`;
const leadCount = Number(process.env.LEADS ?? 1_000_000);
const buyerCount = Number(process.env.COMPANY_BUYERS ?? 10_000);
const samples = Number(process.env.SAMPLES ?? 40);
const password = `Bench!${randomUUID()}`;
// Seeding skips triggers (no NOTIFY per row: nobody listens for a made-up company's history).
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: 1,
  options: "-c session_replication_role=replica -c max_parallel_workers_per_gather=0",
});
const q = async (text, params = []) => (await pool.query(text, params)).rows;

/** The built server on the bench port; resolves with its pid and stop() once /api/health answers. */
async function startServer() {
  const child = spawn(process.execPath, ["apps/server/dist/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      TRUST_PROXY: "true",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("the server exited during start-up");
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The company: niches, forms, buyers, an owner and a buyer with accounts, and the leads, all by SQL. */
async function seed() {
  const started = performance.now();
  const [{ id: company }] = await q(
    "insert into companies (name, credit_value_usd) values ('Million bench', 1) returning id",
  );
  const niches = await q(
    `insert into niches (company_id, name, price)
     select $1, n, 10 + i from unnest(array['Roofing','Solar','HVAC','Plumbing','Windows']) with ordinality t(n, i)
     returning id`,
    [company],
  );
  const forms = await q(
    `insert into forms (company_id, title, niche_id)
     select $1, 'Form ' || i, ($2::uuid[])[i] from generate_series(1, 5) i returning id`,
    [company, niches.map((n) => n.id)],
  );
  const passwordHash = await hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const account = async (email, name) => {
    const userId = randomUUID();
    await q("insert into users (id, name, email, email_verified) values ($1, $2, $3, true)", [
      userId,
      name,
      email,
    ]);
    await q(
      "insert into accounts (account_id, provider_id, user_id, password) values ($1, 'credential', $1, $2)",
      [userId, passwordHash],
    );
    return userId;
  };
  const owner = await account("owner@million.bench", "Owner");
  await q("insert into profiles (id, company_id, full_name) values ($1, $2, 'Owner')", [owner, company]);
  await q("insert into user_roles (user_id, company_id, role) values ($1, $2, 'owner')", [owner, company]);
  await seedCompanyBuyers(pool, company, buyerCount - 1, { nicheId: null });
  // The measured buyer: a roofer in Denver, 60 miles, funded; its previews are the Roofing leads near it
  // (a buyer without a niche matches no lead of a form with one). It has received leads for the
  // company's two years (receives_leads_since is set by a trigger, which seeding skips: without it the
  // buyer would see no preview at all).
  const buyerUser = await account("buyer@million.bench", "Bench buyer");
  const [{ id: buyer }] = await q(
    `insert into buyers (company_id, user_id, email, contact_name, status, zip_code, latitude, longitude,
                         service_radius, credit_balance, niche_id, receives_leads_since)
     values ($1, $2, 'buyer@million.bench', 'Bench buyer', 'active', '80202', 39.7527, -104.9963, 60, 100000,
             $3, now() - interval '2 years 1 day')
     returning id`,
    [company, buyerUser, niches[0].id],
  );
  // Places: 400 real zip centroids, Denver's area weighted so the buyer sees about a tenth of the leads.
  const zips = Object.values(zipcodes.codes).filter(
    (z) =>
      z.country === "US" && z.latitude > 24 && z.latitude < 50 && z.longitude > -125 && z.longitude < -66,
  );
  const step = Math.floor(zips.length / 360);
  const places = [
    ...Array.from({ length: 360 }, (_, i) => zips[i * step]),
    ...["80202", "80205", "80210", "80014", "80301", "80401", "80123", "80226", "80033", "80538"].flatMap(
      (z) => Array(4).fill(zipcodes.lookup(z)),
    ),
  ];
  const first = [
    "James",
    "Mary",
    "Robert",
    "Patricia",
    "John",
    "Jennifer",
    "Michael",
    "Linda",
    "David",
    "Maria",
  ];
  const last = [
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Lopez",
    "Wilson",
  ];
  // One statement: the submissions (source data) and the leads, ids derived from the row number.
  await q(
    `with p as (
       select * from unnest($2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[])
         with ordinality t(zip, city, state, lat, lng, i)
     ), g as materialized (
       select g, gen_random_uuid() lead_id, gen_random_uuid() sub_id,
              (array[${first.map((n) => `'${n}'`).join(",")}])[1 + g % 10] || ' ' ||
                (array[${last.map((n) => `'${n}'`).join(",")}])[1 + (g / 10) % 10] || ' ' || g full_name,
              now() - make_interval(secs => (g::float8 / $7) * 2 * 365 * 86400) created,
              1 + (g::bigint * 7919) % 400 place, 1 + g % 5 k
         from generate_series(1, $7::int) g
     ), s as (
       insert into form_submissions (id, company_id, form_id, data, ip_address, user_agent, referrer, landing_page,
                                     utm, click_ids, consent, fill_time_ms, lead_id, routing_status, created_at)
       select sub_id, $1::uuid, ($8::uuid[])[k], jsonb_build_object('name', full_name),
              '10.' || (g % 250) || '.' || (g / 250 % 250) || '.' || (g % 97), 'Mozilla/5.0 (bench)',
              'https://www.google.com/', 'https://example.test/roof?utm_source=google',
              jsonb_build_object('utm_source', 'google', 'utm_medium', 'cpc', 'utm_campaign', 'spring-' || k),
              jsonb_build_object('gclid', 'gc' || g),
              jsonb_build_object('text', 'I agree to be contacted.', 'at', created, 'ip', null, 'page', null),
              20000 + g % 60000, lead_id, 'routed', created
         from g
     )
     insert into leads (id, company_id, form_id, submission_id, source, name, email, phone, city, state, zip_code,
                        latitude, longitude, service_type, niche_id, data, answers, sale_cap, sale_count, status,
                        is_duplicate, routed_at, created_at)
     select lead_id, $1::uuid, ($8::uuid[])[k], sub_id, 'form', full_name,
            lower(replace(full_name, ' ', '.')) || '@mail' || (g % 7) || '.test',
            lpad((2000000000 + (g::bigint * 104729) % 7999999999)::text, 10, '0'),
            p.city, p.state, p.zip, p.lat, p.lng,
            (array['Repair','Replacement','Inspection','Installation'])[1 + g % 4], ($9::uuid[])[k],
            jsonb_build_object('Name', full_name, 'Project', (array['Repair','Replacement','Inspection','Installation'])[1 + g % 4],
                               'Timeline', (array['ASAP','This month','Next 3 months'])[1 + g % 3],
                               'Notes', 'Call after 5 pm, gate code ' || (g % 10000)),
            jsonb_build_array(
              jsonb_build_object('fieldId', 'f-name', 'label', 'Name', 'type', 'text', 'value', full_name),
              jsonb_build_object('fieldId', 'f-project', 'label', 'Project', 'type', 'select',
                                 'value', (array['Repair','Replacement','Inspection','Installation'])[1 + g % 4]),
              jsonb_build_object('fieldId', 'f-time', 'label', 'Timeline', 'type', 'select',
                                 'value', (array['ASAP','This month','Next 3 months'])[1 + g % 3]),
              jsonb_build_object('fieldId', 'f-notes', 'label', 'Notes', 'type', 'textarea',
                                 'value', 'Call after 5 pm, gate code ' || (g % 10000))),
            1 + g % 3, least(1 + g % 3, g % 4),
            case when g % 50 = 0 then 'new' when g % 4 = 0 and g % 3 = 2 then 'sold_out'
                 when g % 10 = 1 then 'unrouted' else 'routed' end,
            g % 40 = 0, case when g % 50 = 0 then null else created + interval '2 seconds' end, created
       from g join p on p.i = g.place`,
    [
      company,
      places.map((z) => z.zip),
      places.map((z) => z.city),
      places.map((z) => z.state),
      places.map((z) => z.latitude),
      places.map((z) => z.longitude),
      leadCount,
      forms.map((f) => f.id),
      niches.map((n) => n.id),
    ],
  );
  // Every lead's routing decision, the measured buyer's purchases (a lead in 500) and a few buyers' more.
  await q(
    `insert into lead_routing_decisions (lead_id, company_id, reasons, decided_at)
     select id, company_id, '[{"buyerId":null,"matched":false,"reason":"No buyer within range","distanceMiles":null,"outcome":"none"}]', created_at
       from leads where company_id = $1 and routed_at is not null`,
    [company],
  );
  await q(
    `insert into buyer_leads (company_id, buyer_id, lead_id, is_preview, acquired_via, credits_spent, unlocked_at, created_at)
     select $1, $2, id, false, 'credits', 12, created_at + interval '1 hour', created_at + interval '1 hour'
       from leads where company_id = $1 and sale_count > 0 and abs(hashtext(id::text)) % 500 = 0`,
    [company, buyer],
  );
  await q(
    `insert into buyer_leads (company_id, buyer_id, lead_id, is_preview, acquired_via, credits_spent, unlocked_at)
     select $1, b.id, l.id, false, 'credits', 12, l.created_at
       from (select id, created_at, row_number() over () r from leads
              where company_id = $1 and sale_count > 0 and abs(hashtext(id::text)) % 500 = 1) l
       join (select id, row_number() over () r from buyers where company_id = $1 and id <> $2) b
         on b.r = 1 + l.r % 200`,
    [company, buyer],
  );
  // Today's scheduled backup, marked taken: the daily backup job would otherwise run during the figures.
  await q(
    "insert into backups (company_id, kind, status, file_name) values ($1, 'scheduled', 'completed', 'bench_not_taken')",
    [company],
  );
  // A company's two years of leads are vacuumed by now: the visibility map lets counts read the index only.
  await q("vacuum analyze leads");
  await q("analyze");
  return { company, buyer, seconds: (performance.now() - started) / 1000 };
}

async function reuse() {
  const [{ id: company }] = await q("select id from companies where name = 'Million bench'");
  const passwordHash = await hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  await q(
    "update accounts set password = $1 where user_id in (select id from users where email like '%@million.bench')",
    [passwordHash],
  );
  return { company, seconds: 0 };
}

async function signIn(email) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: baseUrl,
      "x-forwarded-for": `10.9.${email.length}.1`,
    },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** p50/p95 of `samples` sequential GETs (after 3 warm-ups); a non-200 answer stops the bench. */
async function latency(label, path, cookie) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < samples + 3; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${typeof path === "function" ? path(i) : path}`, {
      headers: { cookie },
    });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${body.slice(0, 200)}`);
    bytes = body.length;
    if (i >= 3) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
  console.log(
    `${label.padEnd(44)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  (${bytes} bytes)`,
  );
  return p95;
}

const rssOf = (pid) => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)[1]) / 1024;
/** The process's CPU time so far (user and system, all its threads), in seconds. */
const cpuOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * The export of every lead, read as it streams: rows/s, the server's CPU time per row (its own threads:
 * a figure the machine's other load changes less than the rate), and its RSS before and at its peak.
 */
async function exportAll(cookie, pid) {
  const before = rssOf(pid);
  const cpuBefore = cpuOf(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/leads/export`, { headers: { cookie } });
  let lines = 0;
  let bytes = 0;
  const decoder = new TextDecoder();
  const upTo = Number(process.env.EXPORT_ROWS ?? Number.POSITIVE_INFINITY);
  // RSS by rows written (each tenth of the leads): flat memory levels off, a leak climbs to the end.
  const curve = [];
  const step = Math.max(1, Math.floor(leadCount / 10));
  for await (const chunk of res.body) {
    bytes += chunk.length;
    const text = decoder.decode(chunk, { stream: true });
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines++;
    if (lines >= (curve.length + 1) * step)
      curve.push(`${Math.round(lines / 1000)}k ${rssOf(pid).toFixed(0)}`);
    if (lines > upTo) break;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, rssOf(pid));
  const rows = lines - 1;
  const cpuUsPerRow = ((cpuOf(pid) - cpuBefore) * 1e6) / rows;
  console.log(
    `CSV export: ${rows} rows, ${(bytes / 2 ** 20).toFixed(0)} MB in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s; ` +
      `server CPU ${cpuUsPerRow.toFixed(1)} us a row; ` +
      `server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)` +
      (res.headers.get("x-export-cut") ? " (cut by the export limit)" : ""),
  );
  console.log(`CSV export: server RSS (MB) by rows written: ${curve.join(", ")}`);
  return {
    rows,
    seconds,
    rowsPerSecond: Math.round(rows / seconds),
    serverCpuUsPerRow: Math.round(cpuUsPerRow * 10) / 10,
    rssBeforeMb: before,
    rssPeakMb: peak,
  };
}

// The server first: it migrates the empty database.
const server = await startServer();
try {
  // SEEDED=1: the company of an earlier run on this database (its owner and buyer share this run's password).
  const seeded = process.env.SEEDED ? await reuse() : await seed();
  console.log(
    `Seeded by SQL: ${leadCount.toLocaleString("en-US")} leads (with submissions and routing decisions), ${buyerCount.toLocaleString("en-US")} buyers in ${seeded.seconds.toFixed(1)} s`,
  );
  const owner = await signIn("owner@million.bench");
  const buyerCookie = await signIn("buyer@million.bench");
  const leadIds = (
    await q("select id from leads where company_id = $1 order by random() limit $2", [
      seeded.company,
      samples + 3,
    ])
  ).map((r) => r.id);
  const deepOffset = Math.min(100_000, Math.floor(leadCount / 2));
  const [deep] = await q(
    "select (extract(epoch from created_at) * 1000000)::bigint::text as micros, id from leads where company_id = $1 and not is_test order by created_at desc, id desc offset $2 limit 1",
    [seeded.company, deepOffset - 1],
  );
  const cursor = deep ? encodeURIComponent(`${deep.micros}_${deep.id}`) : "";
  const figures = process.env.SKIP_SCREENS
    ? {}
    : {
        healthP95: await latency("GET /api/health (a bare request)", "/api/health", ""),
        listFirst: await latency("Leads list, first page", "/api/leads?page=1&pageSize=25", owner),
        listDeep: await latency(
          `Leads list, page at offset ${deepOffset}`,
          `/api/leads?page=${deepOffset / 25 + 1}&pageSize=25`,
          owner,
        ),
        listCursor: await latency(
          `Leads list, cursor at ${deepOffset}`,
          `/api/leads?pageSize=25&cursor=${cursor}`,
          owner,
        ),
        searchName: await latency(
          "Leads search, a name",
          (i) => `/api/leads?search=${["Garcia", "Maria Lopez", "Linda"][i % 3]}`,
          owner,
        ),
        searchEmail: await latency(
          "Leads search, one e-mail",
          (i) => `/api/leads?search=${encodeURIComponent(`david.brown.${1000 * i + 548}@mail`)}`,
          owner,
        ),
        searchPhone: await latency(
          "Leads search, phone digits",
          (i) => `/api/leads?search=${encodeURIComponent(`(${303 + i}) 55`)}`,
          owner,
        ),
        detail: await latency("Lead detail", (i) => `/api/leads/${leadIds[i]}`, owner),
        dashboard: await latency("Dashboard summary", "/api/dashboard/summary", owner),
        available: await latency(
          "Buyer portal, available leads",
          "/api/buyer-portal/previews?page=1&pageSize=25",
          buyerCookie,
        ),
        myLeads: await latency(
          "Buyer portal, my leads",
          "/api/buyer-portal/leads?page=1&pageSize=25",
          buyerCookie,
        ),
      };
  const exported = process.env.SKIP_EXPORT ? null : await exportAll(owner, server.pid);
  console.log(
    `RESULT ${JSON.stringify({ leads: leadCount, seedSeconds: seeded.seconds, ...figures, export: exported })}`,
  );
} finally {
  await server.stop();
  await pool.end();
}
