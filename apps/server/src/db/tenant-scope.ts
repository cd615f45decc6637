import { AsyncLocalStorage } from "node:async_hooks";
import { sql, TransactionRollbackError } from "drizzle-orm";
import { outsideCommitFrame, withCommitFrame } from "./after-commit";
import { type Db, forwardingDb } from "./drizzle-adapter";
import { enterTenant, transactionAsTenant } from "./tenant-transaction";

/**
 * Row-level security's second wall (migrations 0009, 0016, 0017, docs/security.md). A company request
 * (and a buyer-portal request, as the buyer's company) runs in one transaction that has set,
 * transaction-locally,
 *   leadpost.company_id = the request's company   and   role = leadpost_app
 * leadpost_app owns nothing and is no superuser, so the tables' policies apply to it: a query that
 * forgets its company_id filter still sees and changes only that company's rows. Outside such a scope
 * (workers, public form submissions, webhooks, sign-in, platform admin, migrations) queries run as the
 * connection's own role, which owns the tables and is not subject to their policies: the system context.
 */
type TScope = {
  tx: Db;
  companyId: string;
  open: boolean;
  /** Set by keepTenantWrites(): commit even though the request is answered with an error. */
  keep: boolean;
  after: (() => Promise<unknown>)[];
};

const scopes = new AsyncLocalStorage<TScope>();

/**
 * The database handle services use: inside a company scope every call goes to its transaction. Every
 * transaction opened through it is a commit frame (db/after-commit.ts), so afterCommit knows when it ends.
 */
export function tenantAware(root: Db): Db {
  return forwardingDb(
    root,
    () => {
      const scope = scopes.getStore();
      return scope?.open ? scope.tx : null;
    },
    withCommitFrame,
  );
}

/** The company the current code runs for under row-level security, or null in a system context. */
export function currentTenant(): string | null {
  const scope = scopes.getStore();
  return scope?.open ? scope.companyId : null;
}

/**
 * Runs fn inside one transaction as `companyId` under row-level security. Costs BEGIN (with the
 * wall's settings in the same round trip on PostgreSQL, db/tenant-transaction.ts) and COMMIT per
 * request. fn's own transactions become savepoints of this one. Whatever fn leaves running after it
 * returns (a response stream) falls back to the system context.
 */
export async function runAsCompany<T>(
  db: Db,
  companyId: string,
  fn: () => Promise<T>,
  opts: { rollbackIf?: (result: T) => boolean } = {},
): Promise<T> {
  const current = scopes.getStore();
  if (current?.open) {
    if (current.companyId !== companyId) await enterTenant(current.tx, companyId);
    current.companyId = companyId;
    return fn();
  }
  let result: T | undefined;
  const after: TScope["after"] = [];
  try {
    // A commit frame: mail and jobs given to afterCommit leave once this transaction has committed.
    return await withCommitFrame(() =>
      transactionAsTenant(db, companyId, async (txRaw) => {
        const tx: Db = txRaw;
        const scope: TScope = { tx, companyId, open: true, keep: false, after };
        try {
          result = await scopes.run(scope, fn);
        } finally {
          scope.open = false;
        }
        // A request answered with an error keeps nothing (a statement that failed may have aborted it).
        if (!scope.keep && opts.rollbackIf?.(result)) txRaw.rollback();
        return result;
      }),
    );
  } catch (err) {
    if (err instanceof TransactionRollbackError) return result as T;
    throw err;
  } finally {
    // Records that must outlive a refused request (an audit of the refusal) are written now, in the
    // system context, whether the request's transaction committed or rolled back.
    for (const task of after) await task();
  }
}

/**
 * Runs `task` once the current company request's transaction has ended (committed or rolled back), or
 * at once outside one: for what must be kept even when the request itself is refused.
 */
export async function afterTenantScope(task: () => Promise<unknown>): Promise<void> {
  const scope = scopes.getStore();
  if (scope?.open) scope.after.push(task);
  else await task();
}

/**
 * Runs fn in the system context whatever scope the caller is in: for work an event sets off (a NOTIFY
 * the embedded database delivers while some request's transaction is open must not run inside it).
 */
export function outsideTenantScope<T>(fn: () => T): T {
  return scopes.exit(() => outsideCommitFrame(fn));
}

/**
 * Keeps what the current company request has written even if it is answered with an error: for a
 * refusal that records a third party's verdict (a card PayPal declined). No-op outside a scope.
 */
export function keepTenantWrites(): void {
  const scope = scopes.getStore();
  if (scope?.open) scope.keep = true;
}

/**
 * Runs fn past the wall inside the current company request: same transaction, the connection's own
 * role. Only for a deliberate look beyond the company that answers the caller about their own access
 * (e.g. "that buyer belongs to your other company"); nothing else of the request may run meanwhile.
 * Outside a scope it simply runs fn.
 */
export async function lookPastTenant<T>(fn: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (!scope?.open) return fn();
  await scope.tx.execute(sql`select set_config('role', 'none', true)`);
  let failed = false;
  try {
    return await fn();
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    // A failed statement leaves the transaction aborted; the original error is the one to report.
    await enterTenant(scope.tx, scope.companyId).catch((err) => {
      if (!failed) throw err;
    });
  }
}
