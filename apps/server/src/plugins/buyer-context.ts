import { BUYER_PORTAL_MESSAGES } from "@leadpost/shared";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { TAppEnv, TBuyerContext, TDeps } from "../app-types";
import { buyers } from "../db/schema";
import { runAsCompany } from "../db/tenant-scope";
import { AppError } from "../lib/app-error";
import { authenticate } from "./session";

/** Who a buyer-portal request acts as: always one of the signed-in user's own active buyer records. */
export type { TBuyerContext };

/** The user's active buyer record named by wanted if it is theirs, else their newest; null when none. */
async function findBuyer(deps: Pick<TDeps, "database">, userId: string, wanted: string | null) {
  const rows = await deps.database.db
    .select({ id: buyers.id, companyId: buyers.companyId })
    .from(buyers)
    .where(and(eq(buyers.userId, userId), eq(buyers.status, "active"), isNull(buyers.deletedAt)))
    .orderBy(desc(buyers.createdAt));
  return rows.find((r) => r.id === wanted) ?? rows[0] ?? null;
}

/**
 * Requires a signed-in user (as requireSession, which it replaces on buyer-portal routes) and resolves
 * their active buyer record, read with the session in one statement. A user who is a buyer in several
 * companies may name one with X-Buyer-Id (the workspace switcher's choice); it must be one of theirs,
 * else it is ignored like any other request input that could point at someone else's data.
 */
export function requireBuyer(deps: Pick<TDeps, "auth" | "database">): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const wanted = c.req.header("x-buyer-id") ?? null;
    const session = await authenticate(deps, c);
    // A session better-auth had to refresh or check comes without the buyer: read it on its own.
    const row = session.buyer === undefined ? await findBuyer(deps, session.user.id, wanted) : session.buyer;
    if (!row) throw new AppError("NO_BUYER", BUYER_PORTAL_MESSAGES.NO_BUYER);
    c.set("buyerContext", {
      userId: session.user.id,
      email: session.user.email,
      buyerId: row.id,
      companyId: row.companyId,
    } satisfies TBuyerContext);
    // The rest of the request runs as the buyer's company under row-level security (db/tenant-scope.ts),
    // like a company request: a query that forgets its filter sees nothing of another company.
    await runAsCompany(deps.database.db, row.companyId, () => next(), {
      rollbackIf: () => c.res.status >= 400,
    });
  };
}

export function buyerContext(c: Context<TAppEnv>): TBuyerContext {
  const ctx = c.get("buyerContext");
  if (!ctx) throw new Error("buyerContext read on a route without requireBuyer");
  return ctx;
}
