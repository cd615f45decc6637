import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import { columnName } from "../../db/drizzle-adapter";

/**
 * Inserts checked rows of one table in one statement: the batch goes as one JSON parameter that
 * PostgreSQL unpacks with jsonb_to_recordset, typed by the table's own columns. Thousands of rows per
 * round trip, and none of the per-value work of a query builder: a restore of millions of rows is
 * bounded by the database, not by building statements. A batch in which some row lacks a column (a
 * file of an earlier version, where the column's default applies) is inserted by drizzle instead, so
 * defaults keep their meaning.
 */
export type TRowInserter = (db: DbOrTx, rows: Record<string, unknown>[]) => Promise<void>;

export function rowInserter(table: PgTable): TRowInserter {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const targets = sql.join(
    columns.map(([, c]) => sql.identifier(columnName(c))),
    sql`, `,
  );
  const picks = sql.join(
    columns.map(([key]) => sql.identifier(key)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([key, c]) => sql`${sql.identifier(key)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  );
  const statement = (json: string): SQL =>
    sql`insert into ${table} (${targets}) select ${picks} from jsonb_to_recordset(${json}::jsonb) as x(${types})`;
  return async (db, rows) => {
    if (!rows.length) return;
    if (rows.every((r) => Object.keys(r).length === columns.length)) {
      await db.execute(statement(JSON.stringify(rows)));
    } else {
      await db.insert(table).values(rows);
    }
  };
}
