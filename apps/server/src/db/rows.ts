/**
 * Row schemas for hand-written statements (db/raw.ts): each column's expected JavaScript type, checked
 * on every row the statement answers. A check is a type guard over the driver's own value (no copy, no
 * conversion), so a row that passes is the declared type as it stands: reading a raw row costs a few
 * `typeof`s per column, nothing on the hot paths worth measuring against their round trip
 * (bench/row-schema.mjs). A renamed column or a driver answering another type fails loudly here, naming
 * the column, instead of flowing on as a wrongly typed value.
 */
export type TColumn<T> = ((value: unknown) => value is T) & { readonly expected: string };

function column<T>(expected: string, check: (value: unknown) => value is T): TColumn<T> {
  return Object.assign(check, { expected });
}

const isDate = (v: unknown): v is Date => v instanceof Date;

/** The column types a raw row may hold, as the drivers (node-postgres, PGlite) hand them over. */
export const col = {
  text: column("text", (v): v is string => typeof v === "string"),
  number: column("a number", (v): v is number => typeof v === "number"),
  boolean: column("a boolean", (v): v is boolean => typeof v === "boolean"),
  /** numeric and bigint: the drivers answer text (node-postgres) or a number (PGlite, small values). */
  numberOrText: column(
    "a number or its text",
    (v): v is number | string => typeof v === "number" || typeof v === "string",
  ),
  /** timestamps: a Date, or its text where drizzle keeps the driver from parsing it. */
  time: column("a time", (v): v is Date | string => isDate(v) || typeof v === "string"),
  /** json and jsonb, parsed by the driver: its reader checks the shape. */
  json: column("json", (v): v is unknown => v !== undefined),
  /** A value the caller only passes on or tests for presence (still required to be present). */
  any: column("any value", (v): v is unknown => v !== undefined),
  oneOf<const V extends string>(values: readonly V[]): TColumn<V> {
    return column(
      `one of ${values.join(", ")}`,
      (v): v is V => typeof v === "string" && values.some((x) => x === v),
    );
  },
  orNull<T>(inner: TColumn<T>): TColumn<T | null> {
    return column(`${inner.expected} or null`, (v): v is T | null => v === null || inner(v));
  },
};

export type TRowSchema<T> = {
  /** True when raw has every column, each of its type. */
  is(raw: unknown): raw is T;
  /** Why raw is not such a row (for the error). */
  mismatch(raw: unknown): string;
};

export type TColumns<T> = { [K in keyof T]-?: TColumn<T[K]> };

/** A row of these columns; the row type is inferred from them, or checked against T when given. */
export function rowOf<T>(columns: TColumns<T>): TRowSchema<T> {
  const entries: [string, TColumn<unknown>][] = Object.entries<TColumn<unknown>>(columns);
  const keys = entries.map(([key]) => key);
  const checks = entries.map(([, check]) => check);
  const count = keys.length;
  return {
    is(raw: unknown): raw is T {
      if (typeof raw !== "object" || raw === null) return false;
      for (let i = 0; i < count; i++) if (!checks[i]!(Reflect.get(raw, keys[i]!))) return false;
      return true;
    },
    mismatch(raw: unknown): string {
      if (typeof raw !== "object" || raw === null) return `the row is ${raw === null ? "null" : typeof raw}`;
      for (const [key, check] of entries) {
        const value: unknown = Reflect.get(raw, key);
        if (!check(value)) {
          const got = value === undefined ? "missing" : value === null ? "null" : typeof value;
          return `column "${key}" is ${got}, expected ${check.expected}`;
        }
      }
      return "no mismatch";
    },
  };
}

/** The rows, typed by schema; throws naming the first column that does not match. */
export function checkRows<T>(rows: unknown[], schema: TRowSchema<T>, what: string): T[] {
  if (rows.every(schema.is)) return rows;
  const bad = rows.find((row) => !schema.is(row));
  throw new Error(`${what}: ${schema.mismatch(bad)}`);
}
