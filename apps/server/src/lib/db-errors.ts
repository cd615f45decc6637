/** PostgreSQL's unique_violation (23505), from node-postgres or PGlite, possibly wrapped by drizzle. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === "23505")
      return constraint ? e.constraint === constraint || String(e).includes(constraint) : true;
    e = e.cause as typeof e;
  }
  return false;
}
