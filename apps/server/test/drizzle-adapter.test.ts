import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertDrizzleShape,
  drizzleOnPool,
  executeNamed,
  poolTransactionOf,
  toQuery,
} from "../src/db/drizzle-adapter";
import { col, queryRows, queryRowsPrepared, rowOf } from "../src/db/raw";
import { buyers } from "../src/db/schema";
import { transactionAsTenant } from "../src/db/tenant-transaction";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// The contract of db/drizzle-adapter.ts with the installed drizzle-orm: what the adapter takes from
// drizzle beyond its documented API still holds. When the pin below fails after an upgrade, read the
// adapter's assumptions again (its comments), run this file on both databases, then move the pin.
const PINNED_DRIZZLE = "0.45.4";

function installedVersion(pkg: string): string {
  // The package's exports do not include its package.json: read it next to its entry point.
  let dir = dirname(createRequire(import.meta.url).resolve(pkg));
  while (!dir.endsWith(`node_modules/${pkg}`)) dir = dirname(dir);
  const manifest: unknown = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  if (typeof manifest !== "object" || manifest === null || !("version" in manifest)) throw new Error(pkg);
  return String(manifest.version);
}

let ctx: TTestContext;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = (await createCompanyWithOwner(ctx, "owner@drizzle-contract.test")).companyId;
});
afterAll(() => ctx.close());

describe("drizzle-orm contract", () => {
  it("is the version the adapter was checked against", () => {
    expect(installedVersion("drizzle-orm"), "drizzle-orm changed: re-check db/drizzle-adapter.ts").toBe(
      PINNED_DRIZZLE,
    );
  });

  it("has the shape the adapter relies on, and the check fails loudly when it does not", () => {
    expect(() => assertDrizzleShape(ctx.database.db)).not.toThrow();
    const pool = new pg.Pool({ max: 1 });
    const broken = drizzleOnPool(pool);
    Object.defineProperty(broken._.session, "prepareQuery", { value: undefined });
    expect(() => assertDrizzleShape(broken)).toThrow(/prepareQuery is not a function/);
    void pool.end();
  });

  it("builds statement text as drizzle sends it (snake_case columns, numbered parameters)", () => {
    const built = toQuery(sql`select ${buyers.serviceRadius} from ${buyers} where ${buyers.id} = ${"x"}`);
    expect(built).toMatchObject({
      sql: 'select "buyers"."service_radius" from "buyers" where "buyers"."id" = $1',
      params: ["x"],
    });
  });

  it("refuses a handle it did not open instead of taking a slower path", () => {
    const pool = new pg.Pool({ max: 1 });
    expect(() => poolTransactionOf(drizzle(pool))).toThrow(/not opened by the adapter/);
    void pool.end();
  });

  it("runs a tenant transaction behind the wall, its own transactions as savepoints", async () => {
    const seen = await transactionAsTenant(ctx.database.db, companyId, async (tx) => {
      const [wall] = await queryRows(
        tx,
        rowOf({ company: col.text, role: col.text }),
        sql`select current_setting('leadpost.company_id') as company, current_user::text as role`,
      );
      await tx.execute(sql`create temporary table contract_probe (n int) on commit drop`);
      await tx.execute(sql`insert into contract_probe values (1)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into contract_probe values (2)`);
          inner.rollback();
        })
        .catch(() => {});
      const [kept] = await queryRows(
        tx,
        rowOf({ n: col.number }),
        sql`select count(*)::int as n from contract_probe`,
      );
      return { wall, kept: kept?.n };
    });
    expect(seen).toEqual({ wall: { company: companyId, role: "leadpost_app" }, kept: 1 });
  });

  it("rolls the whole tenant transaction back when its work throws", async () => {
    const name = `Contract ${Date.now()}`;
    await expect(
      transactionAsTenant(ctx.database.db, companyId, async (tx) => {
        await tx.execute(sql`update companies set name = ${name} where id = ${companyId}::uuid`);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const [row] = await queryRows(
      ctx.database.db,
      rowOf({ name: col.text }),
      sql`select name from companies where id = ${companyId}::uuid`,
    );
    expect(row?.name).not.toBe(name);
  });

  it("sends a named statement as a prepared statement of the connection (PostgreSQL)", async () => {
    const name = "lp_contract_probe";
    const found = await transactionAsTenant(ctx.database.db, companyId, async (tx) => {
      expect(await executeNamed(tx, "select $1::int + 1 as n", [41], name)).toEqual([{ n: 42 }]);
      return queryRows(
        tx,
        rowOf({ name: col.text }),
        sql`select name from pg_prepared_statements where name = ${name}`,
      );
    });
    // node-postgres prepares it on the connection; PGlite runs it as a plain statement.
    expect(found.length).toBe(ctx.database.kind === "postgres" ? 1 : 0);
  });
});

describe("raw rows by schema", () => {
  it("answers rows of the declared columns, prepared or not", async () => {
    const query = sql`select 1::int as n, 'a' as t, null::text as z, now() as at`;
    const row = rowOf({ n: col.number, t: col.text, z: col.orNull(col.text), at: col.time });
    expect((await queryRows(ctx.database.db, row, query))[0]).toMatchObject({ n: 1, t: "a", z: null });
    expect((await queryRowsPrepared(ctx.database.db, row, query))[0]).toMatchObject({ n: 1, t: "a" });
  });

  it("fails naming the column when a row is not what the schema says", async () => {
    await expect(queryRows(ctx.database.db, rowOf({ n: col.text }), sql`select 1::int as n`)).rejects.toThrow(
      'column "n" is number, expected text',
    );
    await expect(
      queryRows(ctx.database.db, rowOf({ renamed: col.number }), sql`select 1::int as n`),
    ).rejects.toThrow('column "renamed" is missing');
    await expect(
      queryRows(ctx.database.db, rowOf({ s: col.oneOf(["a", "b"]) }), sql`select 'c' as s`),
    ).rejects.toThrow('column "s" is string, expected one of a, b');
  });
});
