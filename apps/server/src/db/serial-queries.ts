import type pg from "pg";

/**
 * Makes one connection send its queries one after another itself. A company request runs in one
 * transaction on one connection, and services send independent reads at once (Promise.all); today
 * node-postgres queues such a query with a deprecation warning, and pg@9 will refuse it. Here the next
 * query leaves only once the previous one has settled, which is what the driver's queue did, so nothing
 * depends on that queue. A query with a callback or a submittable (a cursor) keeps the driver's path.
 */
export function serialiseQueries(client: Pick<pg.ClientBase, "query">): void {
  const send = client.query;
  let pending = 0;
  let last: Promise<unknown> = Promise.resolve();
  const serial = (...args: unknown[]): unknown => {
    const first = args[0] as { submit?: unknown } | null | undefined;
    if (typeof args.at(-1) === "function" || typeof first?.submit === "function") {
      return Reflect.apply(send, client, args);
    }
    const run = () => Reflect.apply(send, client, args) as Promise<unknown>;
    // Nothing in flight: sent at once, as the driver would.
    const next = pending === 0 ? run() : last.then(run, run);
    pending += 1;
    last = next.then(
      () => {
        pending -= 1;
      },
      () => {
        pending -= 1;
      },
    );
    return next;
  };
  client.query = serial as pg.ClientBase["query"];
}
