import { COMPANY_SUSPENDED_MESSAGE, normalizeRole, type TCompanyRole } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { TAppEnv, TCompanyContext, TDeps } from "../app-types";
import { afterCommit, inTransaction } from "../db/after-commit";
import { companies, userRoles } from "../db/schema";
import { runAsCompany } from "../db/tenant-scope";
import { AppError, forbidden } from "../lib/app-error";
import { currentUser } from "./session";

export type { TCompanyContext };

/**
 * Resolves the company a request acts for from the user's own role rows (never from the body).
 * A user in several companies may name one with X-Company-Id, which must be one of them.
 */
export function requireCompanyRole(
  deps: Pick<TDeps, "database">,
  allowed: readonly TCompanyRole[] = ["owner", "org_admin", "member"],
  message = "Permission denied. You must be an owner or admin to do this.",
): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const user = currentUser(c);
    const wanted = c.req.header("x-company-id");
    const rows = await deps.database.db
      .select({ companyId: userRoles.companyId, role: userRoles.role, suspendedAt: companies.suspendedAt })
      .from(userRoles)
      .innerJoin(companies, eq(companies.id, userRoles.companyId))
      .where(and(eq(userRoles.userId, user.id), wanted ? eq(userRoles.companyId, wanted) : undefined))
      .orderBy(userRoles.createdAt)
      .limit(1);
    const row = rows[0];
    const role = row ? normalizeRole(row.role) : null;
    if (!row || !role) throw new AppError("NO_COMPANY", "No company associated with your account");
    // A suspended company's users keep their accounts but reach none of its pages (platform admin).
    if (row.suspendedAt) throw new AppError("COMPANY_SUSPENDED", COMPANY_SUSPENDED_MESSAGE);
    if (!allowed.includes(role)) throw forbidden(message);
    c.set("companyContext", {
      userId: user.id,
      email: user.email,
      companyId: row.companyId,
      role,
    });
    // The rest of the request runs as this company under row-level security (db/tenant-scope.ts), in
    // one transaction that keeps nothing when the answer is an error.
    await runAsCompany(deps.database.db, row.companyId, () => next(), {
      rollbackIf: () => c.res.status >= 400,
    });
  };
}

export function companyContext(c: Context<TAppEnv>): TCompanyContext {
  const ctx = c.get("companyContext");
  if (!ctx) throw new Error("companyContext read on a route without requireCompanyRole");
  return ctx;
}

/**
 * An answer that needs work which must not run inside the request's transaction (an e-mail delivered
 * while the user waits): `interim` is the answer if the transaction does not commit; once it has
 * committed, `final` runs in the system context and its answer replaces the interim one before anything
 * leaves. Outside a transaction `final` simply answers.
 */
export async function answerAfterCommit<R extends Response>(
  c: Context<TAppEnv>,
  interim: R,
  final: () => Promise<R>,
): Promise<R> {
  if (!inTransaction()) return final();
  await afterCommit(async () => {
    c.res = await final();
  });
  return interim;
}
