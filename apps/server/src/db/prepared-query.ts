import { currentTenant } from "./tenant-scope";

/**
 * A drizzle query prepared once per database handle, for a hot path: drizzle builds a query's SQL every
 * time `.prepare(name)` is called, which on a busy webhook cost more CPU than the statement itself.
 * `build` writes every value as `sql.placeholder(name)` and returns `db.select(…).prepare(name)`; callers
 * run `.execute(values)` on what this hands back. A prepared query is bound to the session it was made
 * on, so inside a company's request transaction (where the handle forwards to that transaction) it is
 * made afresh for it and not kept. For raw SQL with a row schema, `preparedStatement` (db/raw.ts) keeps
 * only the text and has no such limit.
 */
export function preparedQuery<TDb extends object, TQuery>(build: (db: TDb) => TQuery): (db: TDb) => TQuery {
  const built = new WeakMap<TDb, TQuery>();
  return (db) => {
    if (currentTenant() !== null) return build(db);
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
