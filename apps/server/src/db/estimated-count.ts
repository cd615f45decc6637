import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { col, queryRows, rowOf } from "./raw";

/**
 * Counts that stop reading at a limit (issue 26, @leadpost/shared "counts"): `rows` is a statement's
 * `select 1 from … where …`; it is counted exactly while it has at most `limit` rows (reading at most
 * limit + 1), past that the answer is the planner's estimate of its rows (EXPLAIN: no row read),
 * never below limit + 1. The estimate comes from the table's statistics (ANALYZE, autovacuum):
 * close for a company that is among the table's most common companies (its leads by status), rougher
 * with a search or for a company past the statistics' most common values (then it is at least the
 * limit, "about 10K", where the company may hold more).
 */
export type TCount = { n: number; estimated: boolean };

/** Several counts, each exact up to `limit`, in one statement; the estimated ones by EXPLAIN each. */
export async function countsUpTo<K extends string>(
  db: DbOrTx,
  queries: Record<K, SQL>,
  limit: number,
): Promise<Record<K, TCount>> {
  const keys = Object.keys(queries) as K[];
  const [row] = await queryRows(
    db,
    rowOf<Record<string, number>>(Object.fromEntries(keys.map((_, i) => [`c${i}`, col.number]))),
    sql`select ${sql.join(
      keys.map(
        (key, i) =>
          sql`(select count(*) from (${queries[key]} limit ${limit + 1}) x)::int as ${sql.identifier(`c${i}`)}`,
      ),
      sql`, `,
    )}`,
  );
  const counts = {} as Record<K, TCount>;
  for (const [i, key] of keys.entries()) {
    const exact = Number(row?.[`c${i}`] ?? 0);
    counts[key] =
      exact <= limit
        ? { n: exact, estimated: false }
        : { n: Math.max(limit + 1, await plannedRows(db, queries[key])), estimated: true };
  }
  return counts;
}

/**
 * Counts per key of `rows` (a `select <key> as key from … where …`), exact while they total at most
 * `limit`: one read of at most limit + 1 rows, however many keys (a search's index is read once). Past
 * it each key's count is the planner's estimate of `ofKey(key)`, never below limit + 1 in total.
 */
export async function countsByKeyUpTo<K extends string>(
  db: DbOrTx,
  rows: SQL,
  keys: readonly K[],
  ofKey: (key: K) => SQL,
  limit: number,
): Promise<Record<K, TCount>> {
  const read = await queryRows(
    db,
    rowOf({ key: col.text, n: col.number }),
    sql`select key, count(*)::int as n from (${rows} limit ${limit + 1}) x group by key`,
  );
  const counts = Object.fromEntries(keys.map((key) => [key, { n: 0, estimated: false }])) as Record<
    K,
    TCount
  >;
  if (read.reduce((sum, r) => sum + r.n, 0) <= limit) {
    for (const r of read) if (r.key in counts) counts[r.key as K] = { n: r.n, estimated: false };
    return counts;
  }
  for (const key of keys) counts[key] = { n: await plannedRows(db, ofKey(key)), estimated: true };
  const total = keys.reduce((sum, key) => sum + counts[key].n, 0);
  // Fewer than were counted: the estimates are scaled up to the lower bound the read proved.
  if (total <= limit) {
    for (const key of keys)
      counts[key].n = total === 0 ? 0 : Math.ceil((counts[key].n * (limit + 1)) / total);
    if (total === 0 && keys[0]) counts[keys[0]].n = limit + 1;
  }
  return counts;
}

/** The planner's estimate of the rows a statement returns, rounded to two significant digits. */
async function plannedRows(db: DbOrTx, query: SQL): Promise<number> {
  const [row] = await queryRows(db, rowOf({ "QUERY PLAN": col.json }), sql`explain (format json) ${query}`);
  const text = row?.["QUERY PLAN"];
  const plan = typeof text === "string" ? JSON.parse(text) : text;
  const rows = Number(plan?.[0]?.Plan?.["Plan Rows"] ?? 0);
  if (!(rows > 0)) return 0;
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(rows)) - 1);
  return Math.round(rows / unit) * unit;
}
