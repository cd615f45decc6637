import type { Context } from "hono";
import type { TApiKeyCaller, TAppEnv, TCompanyActor, TDeps } from "../app-types";
import { runAsCompany } from "../db/tenant-scope";

/** The key of an `auth: "apiKey"` route (defineRoute), checked by its guard before the route ran. */
export function apiKeyCaller(c: Context<TAppEnv>): TApiKeyCaller {
  const caller = c.get("apiKeyCaller");
  if (!caller) throw new Error("apiKeyCaller read on a route not declared with auth: apiKey");
  return caller;
}

/**
 * Runs `fn` as the key's company behind its row-level-security wall, in one transaction, like a
 * signed-in company request (an error keeps nothing). `fn` gets the actor services take: a key acts as
 * its company's owner would (keys are made by owners and org admins, in Settings).
 */
export function asKeyCompany<T>(
  deps: Pick<TDeps, "database">,
  c: Context<TAppEnv>,
  fn: (actor: TCompanyActor) => Promise<T>,
) {
  const companyId = apiKeyCaller(c).companyId;
  return runAsCompany(deps.database.db, companyId, () => fn({ companyId, role: "owner" }));
}
