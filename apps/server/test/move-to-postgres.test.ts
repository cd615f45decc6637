import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type TDatabase } from "../src/db/client";
import { runMigrations } from "../src/db/migrate";
import { col, queryRows, rowOf } from "../src/db/raw";
import { DEMO_PASSWORD } from "../src/db/seed/demo-data";
import { seedDemoIfEmpty } from "../src/db/seed/seed-demo";
import { loadConfig } from "../src/lib/config";
import { createLogger } from "../src/lib/logger";
import { wireDeps } from "../src/wire";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";
import { createTestDatabase, TEST_DATABASE_URL, type TTestDatabase } from "./helpers/test-database";

const SERVER_DIR = resolve(import.meta.dirname, "..");

/** Runs the command as an operator would (npm run db:move-to-postgres -- …), from the repository root. */
function moveCommand(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/db/move-to-postgres-cli.ts", ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, INIT_CWD: resolve(SERVER_DIR, "../.."), DATA_DIR: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += String(d);
  });
  child.stderr.on("data", (d) => {
    output += String(d);
  });
  return new Promise((res) => child.once("exit", (code) => res({ code, output })));
}

/** Row count of every table of the product's schema. */
async function tableCounts(database: TDatabase): Promise<Record<string, number>> {
  const tables = await queryRows(
    database.db,
    rowOf({ name: col.text }),
    sql`select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows(
      database.db,
      rowOf({ n: col.number }),
      sql.raw(`select count(*)::int as n from "${name}"`),
    );
    counts[name] = Number(row?.n);
  }
  return counts;
}

const balances = (database: TDatabase) =>
  queryRows(
    database.db,
    rowOf({ id: col.text, balance: col.number, ledger: col.number }),
    sql`select b.id, b.credit_balance as balance,
               coalesce((select sum(amount) from credit_transactions t where t.buyer_id = b.id), 0)::int as ledger
          from buyers b order by b.id`,
  );

/** What the owner sees in the product: the dashboard's figures, the buyers with balances, the leads. */
async function productView(ctx: TTestContext) {
  const cookie = await signIn(ctx, "owner@leadpost.test", DEMO_PASSWORD);
  const read = async (path: string) => {
    const res = await ctx.request(path, { cookie });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  return {
    summary: await read("/api/dashboard/summary"),
    buyers: await read("/api/buyers"),
    leads: await read("/api/leads"),
  };
}

const asTestDatabase = (database: TDatabase): TTestDatabase => ({
  ...database,
  label: "pglite",
  dispose: () => database.close(),
});

describe.skipIf(!TEST_DATABASE_URL)(
  TEST_DATABASE_URL
    ? "moving an embedded installation to PostgreSQL"
    : "moving an embedded installation to PostgreSQL: SKIPPED, needs TEST_DATABASE_URL",
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), "lp-move-"));
    let target: TTestDatabase;

    beforeAll(async () => {
      // An embedded installation after its first start: migrated and seeded by the product itself.
      const source = await openPglite(dataDir);
      await runMigrations(source);
      const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
      const deps = wireDeps({
        config,
        database: source,
        logger: createLogger("silent"),
        authSecret: "move-secret-move-secret-move-secret-0123",
        encryptionKey: randomBytes(32).toString("base64"),
        version: { version: "0.0.0-test", builtAt: new Date(0).toISOString() },
      });
      expect(await seedDemoIfEmpty(deps)).toBe(true);
      await source.close();
      // A new, empty PostgreSQL database: no schema at all.
      target = await createTestDatabase({ migrate: false });
      await target.close();
    }, 120_000);

    afterAll(async () => {
      await target?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("copies every table into an empty database; the product shows the same counts and balances", async () => {
      const moved = await moveCommand(["--to", target.url!, "--data-dir", dataDir]);
      expect(moved.output).toContain("Done:");
      expect(moved.code).toBe(0);

      const source = await openPglite(dataDir);
      const onTarget = await createTestContext({}, { database: await reopen(target) });
      const onSource = await createTestContext({}, { database: asTestDatabase(source) });
      try {
        const before = await tableCounts(source);
        const after = await tableCounts(onTarget.database);
        expect(after).toEqual(before);
        expect(before.leads).toBeGreaterThan(0);
        expect(before.credit_transactions).toBeGreaterThan(0);
        expect(await balances(onTarget.database)).toEqual(await balances(source));
        expect((await balances(source)).some((b) => b.balance > 0)).toBe(true);
        // The owner signs in on PostgreSQL with the same password and sees the same product.
        expect(await productView(onTarget)).toEqual(await productView(onSource));
      } finally {
        await onTarget.database.close();
        await source.close();
      }
    }, 120_000);

    it("refuses a database that already holds data, and changes nothing", async () => {
      const db = await reopen(target);
      try {
        const before = await tableCounts(db);
        const again = await moveCommand(["--to", target.url!, "--data-dir", dataDir]);
        expect(again.code).toBe(1);
        expect(again.output).toMatch(/The PostgreSQL database is not empty: table \w+ has rows/);
        expect(await tableCounts(db)).toEqual(before);
      } finally {
        await db.close();
      }
    }, 60_000);
  },
);

/** The target's own pool again (the first was closed so the command had the database to itself). */
async function reopen(database: TTestDatabase): Promise<TTestDatabase> {
  const pool = openPostgres(database.url!, 5);
  return { ...pool, label: "postgres", dispose: () => pool.close() };
}
