import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { col, queryRows, rowOf } from "../../db/raw";
import { companies } from "../../db/schema";
import { BACKUP_TABLES } from "./tables";

/**
 * A backup reads the company's rows through one cursor: one statement, so one snapshot of every table
 * (consistent even under READ COMMITTED), fetched a batch at a time. PostgreSQL writes each row's JSON
 * text; the server only passes it on to the file's parts, so memory stays at one batch whatever the
 * company's size, and a plain SELECT's locks are all it takes (nothing waits for a backup).
 *
 * Each row is written as the server reads it (drizzle's property names; timestamps as ISO strings in
 * UTC with milliseconds, which the restore turns back into dates).
 */
/** jsonb_build_object takes at most 100 arguments: objects of up to 40 columns, joined with ||. */
const PAIRS_PER_OBJECT = 40;

function columnValue(column: Column): SQL {
  // Rendered by drizzle: the table-qualified name in the database's casing.
  const ref = sql`${column}`;
  if (column.columnType === "PgTimestamp") {
    const utc = (column as Column & { withTimezone?: boolean }).withTimezone
      ? sql`${ref} at time zone 'UTC'`
      : ref;
    return sql`to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return ref;
}

/** One row of `table` as a JSON object keyed like drizzle's select. */
function rowObject(table: PgTable): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(
    ([key, column]) => sql`${key}::text, ${columnValue(column)}`,
  );
  const objects: SQL[] = [];
  for (let i = 0; i < pairs.length; i += PAIRS_PER_OBJECT) {
    objects.push(sql`jsonb_build_object(${sql.join(pairs.slice(i, i + PAIRS_PER_OBJECT), sql`, `)})`);
  }
  return sql.join(objects, sql` || `);
}

/** Rows fetched from the cursor per round trip. */
const CURSOR_BATCH = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tables a backup holds, in file order: the company's own row, then parents before children. */
export const FILE_TABLES = [
  { name: "companies", table: companies as PgTable, key: "id" },
  ...BACKUP_TABLES.map((t) => ({ name: t.name, table: t.table, key: "companyId" })),
];

/**
 * Calls `each` with every row of the company (table name, row JSON text), in FILE_TABLES order. Runs
 * inside `tx` (a cursor lives in a transaction); `afterBatch` runs after each batch (tests hold a
 * backup mid-way with it).
 */
export async function streamCompanyRows(
  tx: DbOrTx,
  companyId: string,
  each: (table: string, json: string) => Promise<void>,
  afterBatch?: () => Promise<void>,
): Promise<void> {
  // DECLARE takes no bound parameters on every driver: the id is checked, then written in.
  if (!UUID.test(companyId)) throw new Error("backup: company id is not a uuid");
  const id = sql.raw(`'${companyId}'::uuid`);
  const branches = FILE_TABLES.map(({ table, key }, i) => {
    const owner = getTableColumns(table)[key] as Column;
    return sql`select ${sql.raw(String(i))} as t, (${rowObject(table)})::text as r from ${table} where ${owner} = ${id}`;
  });
  await tx.execute(sql`declare backup_rows no scroll cursor for ${sql.join(branches, sql` union all `)}`);
  for (;;) {
    const rows = await queryRows(
      tx,
      rowOf({ t: col.number, r: col.text }),
      sql`fetch ${sql.raw(String(CURSOR_BATCH))} from backup_rows`,
    );
    for (const row of rows) await each(FILE_TABLES[Number(row.t)]!.name, row.r);
    if (rows.length < CURSOR_BATCH) break;
    await afterBatch?.();
  }
  await tx.execute(sql`close backup_rows`);
}

/** The tables of a backup file in their order (the company's row first). */
export const FILE_TABLE_NAMES: readonly string[] = FILE_TABLES.map((t) => t.name);
