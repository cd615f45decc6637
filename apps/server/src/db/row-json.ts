import { getTableColumns, type Table } from "drizzle-orm";
import { CasingCache } from "drizzle-orm/casing";

/** The casing every query uses (db/client.ts): camelCase properties, snake_case columns. */
const casing = new CasingCache("snake_case");

/** A table's columns as the database names them, by the property drizzle gives each. */
export function columnNames<T extends Table>(table: T): Record<string, string> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([property, column]) => [
      property,
      casing.getColumnCasing(column),
    ]),
  );
}

/** Keys of R that are not a column property of the table: each must be `never`, so a stray key fails to compile. */
type TOnlyColumns<T extends Table, R> = R & Record<Exclude<keyof R, keyof T["$inferInsert"]>, never>;

/**
 * A row for SQL that reads it as JSON (`p->>'zip_code'`): each property of the table's insert model,
 * keyed by its column's name in the database. Renaming a column renames the key with it, and a property
 * the table does not have does not compile.
 */
export function rowJson<T extends Table, R extends Partial<T["$inferInsert"]>>(
  table: T,
  row: TOnlyColumns<T, R>,
): Record<string, unknown> {
  const names = columnNames(table);
  return Object.fromEntries(
    Object.entries(row).map(([property, value]) => {
      const name = names[property];
      if (!name) throw new Error(`rowJson: the table has no column ${property}`);
      return [name, value];
    }),
  );
}
