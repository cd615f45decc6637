// A backup and a restore of one company of LEADS leads (1,000,000 by default) and of a tenth of it in the
// same run, through the server's own backup code (apps/server/src/modules/backups) on PostgreSQL, with the
// storage on the local disk: time, file size, parts, and the process's peak resident memory (RSS sampled
// every 20 ms from process.memoryUsage). Memory is flat when the peak of the large company is about the
// peak of the small one (the ratio printed last).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<an empty scratch database> node --import tsx bench/backups.mjs
//
// The company is made by SQL in seconds (not through the API): BUYERS (50) buyers with a credit grant
// each, LEADS leads with a filled form answer, each lead bought by one buyer (one buyer_leads row per
// lead). SMALL (LEADS / 10) is the small company's size.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("Set DATABASE_URL to an empty scratch database.");
const large = Number(process.env.LEADS ?? 1_000_000);
const small = Number(process.env.SMALL ?? Math.round(large / 10));
const buyersPerCompany = Number(process.env.BUYERS ?? 50);

const { openPostgres } = await import("../apps/server/src/db/client.ts");
const { runMigrations } = await import("../apps/server/src/db/migrate.ts");
const { createLocalStorage } = await import("../apps/server/src/integrations/storage/local.ts");
const { createSecretBox } = await import("../apps/server/src/lib/secret-box.ts");
const { createLogger } = await import("../apps/server/src/lib/logger.ts");
const { writeBackup } = await import("../apps/server/src/modules/backups/write.ts");
const { downloadBackup, restoreBackup } = await import("../apps/server/src/modules/backups/service.ts");

const database = openPostgres(databaseUrl, 4);
await runMigrations(database);
const dataDir = mkdtempSync(join(tmpdir(), "leadpost-bench-backups-"));
const deps = {
  database,
  storage: createLocalStorage(join(dataDir, "uploads")),
  secretBox: createSecretBox(randomBytes(32).toString("base64")),
  config: { storage: { backupPartBytes: 8 * 1024 * 1024 } },
};
const log = createLogger("warn");
const q = async (text, params = []) => (await database.db.$client.query(text, params)).rows;

/** A company of `n` leads, made by SQL. */
async function seedCompany(n) {
  const started = performance.now();
  const [{ id }] = await q("insert into companies (name) values ($1) returning id", [`Backup bench ${n}`]);
  await q(
    `insert into buyers (company_id, email, contact_name)
     select $1, 'buyer' || g || '@bench.test', 'Buyer ' || g from generate_series(1, $2) g`,
    [id, buyersPerCompany],
  );
  await q(
    `insert into credit_transactions (company_id, buyer_id, amount, transaction_type)
     select $1, b.id, 1000, 'grant' from buyers b where b.company_id = $1`,
    [id],
  );
  await q(
    `insert into leads (company_id, source, name, email, phone, city, state, zip_code, data, status, sale_count)
     select $1, 'form', 'Lead ' || g, 'lead' || g || '@bench.test', '+1303555' || lpad((g % 10000)::text, 4, '0'),
            'Denver', 'CO', '80202',
            jsonb_build_object('f-name', 'Lead ' || g, 'f-notes', 'Roof repair, call after 5 pm, gate code ' || g),
            'routed', 1
       from generate_series(1, $2) g`,
    [id, n],
  );
  await q(
    `insert into buyer_leads (company_id, buyer_id, lead_id, is_preview, acquired_via)
     select $1, b.ids[1 + (row_number() over () % array_length(b.ids, 1))], l.id, false, 'manual'
       from leads l, (select array_agg(id) ids from buyers where company_id = $1) b
      where l.company_id = $1`,
    [id],
  );
  await q("analyze");
  return { id, seconds: (performance.now() - started) / 1000 };
}

/** Runs fn with the process's resident memory sampled; returns its result, seconds and peak RSS (MB). */
async function measured(fn) {
  global.gc?.();
  let peak = process.memoryUsage().rss;
  let heap = 0;
  let buffers = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heap = Math.max(heap, m.heapTotal);
    buffers = Math.max(buffers, m.external);
  };
  const timer = setInterval(sample, 20);
  const started = performance.now();
  try {
    const result = await fn();
    sample();
    const mb = (n) => n / 2 ** 20;
    return {
      result,
      seconds: (performance.now() - started) / 1000,
      peakMb: mb(peak),
      heapMb: mb(heap),
      externalMb: mb(buffers),
    };
  } finally {
    clearInterval(timer);
  }
}

async function benchCompany(n) {
  const seeded = await seedCompany(n);
  const ctx = { companyId: seeded.id, userId: null };
  const backup = await measured(() => writeBackup(deps, seeded.id, "manual_", null));
  // Printed at once: at 1,000,000 leads the restore takes a while longer.
  console.log(
    `${n.toLocaleString("en-US")} leads: seeded by SQL in ${seeded.seconds.toFixed(1)} s; ` +
      `backup ${(backup.result.size / 2 ** 20).toFixed(0)} MB in ${backup.seconds.toFixed(1)} s ` +
      `(peak RSS ${backup.peakMb.toFixed(0)} MB, heap ${backup.heapMb.toFixed(0)}, buffers ${backup.externalMb.toFixed(0)})`,
  );
  // The downloaded file, sent back as an upload: read from the stored parts as it streams.
  const restore = await measured(async () => {
    const file = await downloadBackup(deps, ctx, backup.result.id);
    return restoreBackup(deps, ctx, file.body, log);
  });
  const [{ count }] = await q("select count(*)::int as count from leads where company_id = $1", [seeded.id]);
  if (count !== n) throw new Error(`restored ${count} leads of ${n}`);
  const figures = {
    leads: n,
    seedSeconds: seeded.seconds,
    fileMb: backup.result.size / 2 ** 20,
    backupSeconds: backup.seconds,
    backupPeakMb: backup.peakMb,
    backupHeapMb: backup.heapMb,
    backupExternalMb: backup.externalMb,
    restoreSeconds: restore.seconds,
    restorePeakMb: restore.peakMb,
    restoreHeapMb: restore.heapMb,
    restoreExternalMb: restore.externalMb,
  };
  console.log(
    `${n.toLocaleString("en-US")} leads: seeded by SQL in ${figures.seedSeconds.toFixed(1)} s; ` +
      `backup ${figures.fileMb.toFixed(0)} MB in ${figures.backupSeconds.toFixed(1)} s (peak RSS ${figures.backupPeakMb.toFixed(0)} MB, heap ${figures.backupHeapMb.toFixed(0)}, buffers ${figures.backupExternalMb.toFixed(0)}); ` +
      `restore in ${figures.restoreSeconds.toFixed(1)} s (peak RSS ${figures.restorePeakMb.toFixed(0)} MB, heap ${figures.restoreHeapMb.toFixed(0)}, buffers ${figures.restoreExternalMb.toFixed(0)})`,
  );
  await q("delete from companies where id = $1", [seeded.id]);
  return figures;
}

try {
  const a = await benchCompany(small);
  const b = await benchCompany(large);
  const ratio = (x, y) => (x / y).toFixed(2);
  console.log(
    `peak RSS ratio ${large.toLocaleString("en-US")} / ${small.toLocaleString("en-US")} leads: ` +
      `backup ${ratio(b.backupPeakMb, a.backupPeakMb)}, restore ${ratio(b.restorePeakMb, a.restorePeakMb)}`,
  );
  console.log(`RESULT ${JSON.stringify({ small: a, large: b })}`);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
