import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { companies } from "../../db/schema";
import { BACKUP_TABLES } from "./tables";

/**
 * A backup's file is built by PostgreSQL, in the statement that stores it: a company with hundreds of
 * thousands of rows never passes through the server's memory or blocks its event loop (building it in
 * JavaScript held the event loop for seconds and failed past V8's longest string).
 *
 * Each row is written as the server reads it (drizzle's property names; timestamps as ISO strings in
 * UTC with milliseconds, which the restore turns back into dates), so a file restores as before.
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

/** Every row of the table that belongs to the company, as a JSON array. */
function tableArray(table: PgTable, companyId: string, key: "id" | "companyId"): SQL {
  const owner = getTableColumns(table)[key] as Column;
  return sql`(select coalesce(jsonb_agg(${rowObject(table)}), '[]'::jsonb)
                from ${table} where ${owner} = ${companyId}::uuid)`;
}

/**
 * The backup file of the company as one jsonb expression: `{ timestamp, companyId, tables }`, with the
 * company's own row under `companies` and every table of BACKUP_TABLES by its name.
 */
export function backupFileSql(companyId: string, timestamp: string): SQL {
  const entries = [
    sql`'companies'::text, ${tableArray(companies, companyId, "id")}`,
    ...BACKUP_TABLES.map((t) => sql`${t.name}::text, ${tableArray(t.table, companyId, "companyId")}`),
  ];
  const objects: SQL[] = [];
  for (let i = 0; i < entries.length; i += PAIRS_PER_OBJECT) {
    objects.push(sql`jsonb_build_object(${sql.join(entries.slice(i, i + PAIRS_PER_OBJECT), sql`, `)})`);
  }
  return sql`jsonb_build_object('timestamp', ${timestamp}::text, 'companyId', ${companyId}::text,
    'tables', ${sql.join(objects, sql` || `)})`;
}
