import type { TPreferences } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { companyPreferences } from "../../db/schema";
import type { TCompanyContext } from "../../plugins/tenant";

type TPrefDeps = Pick<TDeps, "database">;

/** The company's preferences; the table's defaults until the first save. */
export async function getPreferences(deps: TPrefDeps, ctx: TCompanyContext): Promise<TPreferences> {
  const db = deps.database.db;
  await db.insert(companyPreferences).values({ companyId: ctx.companyId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(companyPreferences)
    .where(eq(companyPreferences.companyId, ctx.companyId));
  const { companyId: _c, updatedAt: _u, ...prefs } = row!;
  return prefs;
}

export async function savePreferences(deps: TPrefDeps, ctx: TCompanyContext, input: TPreferences) {
  await deps.database.db
    .insert(companyPreferences)
    .values({ companyId: ctx.companyId, ...input })
    .onConflictDoUpdate({ target: companyPreferences.companyId, set: { ...input, updatedAt: new Date() } });
  return getPreferences(deps, ctx);
}
