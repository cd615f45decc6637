import { randomBytes } from "node:crypto";
import type { TDniSource } from "@leadpost/shared";
import { toE164 } from "@leadpost/shared/domain/phone";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { companies, dniNumbers } from "../../db/schema";
import type { TCompanyContext } from "../../plugins/tenant";
import type { TDniConfig } from "./dni-script/config";

/** Where the pasted script is served and where it records visits. */
export const DNI_SCRIPT_PATH = "/api/public/dni/script.js";
export const DNI_SESSION_PATH = "/api/public/dni/sessions";
export const DNI_SESSION_SEEN_PATH = "/api/public/dni/sessions/seen";

/** The company's public script key, made on first use (it only names the company; it is no secret). */
export async function companyDniKey(deps: Pick<TDeps, "database">, companyId: string): Promise<string> {
  const db = deps.database.db;
  const fresh = `dni_${randomBytes(12).toString("base64url")}`;
  await db
    .update(companies)
    .set({ dniPublicKey: fresh })
    .where(and(eq(companies.id, companyId), isNull(companies.dniPublicKey)));
  const [row] = await db
    .select({ key: companies.dniPublicKey })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.key ?? fresh;
}

/** Setup Instructions: the script address for this company (the page adds the static number). */
export async function callTrackingSetup(deps: Pick<TDeps, "database" | "config">, ctx: TCompanyContext) {
  const publicKey = await companyDniKey(deps, ctx.companyId);
  return { publicKey, scriptUrl: `${deps.config.publicUrl}${DNI_SCRIPT_PATH}?key=${publicKey}` };
}

export async function companyIdForDniKey(deps: Pick<TDeps, "database">, key: string) {
  const [row] = await deps.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.dniPublicKey, key));
  return row?.id ?? null;
}

/**
 * What the script needs for one static number: the first DNI number per source for that static number
 * (the one shown until the visit's own number arrives), which sources have a pool of several, and the
 * company's default number for sources without one. Null for an unknown key.
 */
export async function dniScriptConfig(
  deps: Pick<TDeps, "database" | "config">,
  input: { key: string; staticNumber: string; debug: boolean },
): Promise<TDniConfig | null> {
  const companyId = await companyIdForDniKey(deps, input.key);
  if (!companyId) return null;
  const staticNumber = toE164(input.staticNumber);
  const rows = await deps.database.db
    .select()
    .from(dniNumbers)
    .where(eq(dniNumbers.companyId, companyId))
    .orderBy(asc(dniNumbers.createdAt), asc(dniNumbers.id));
  const numbers: Partial<Record<TDniSource, string>> = {};
  const poolSizes: Partial<Record<TDniSource, number>> = {};
  let fallback: string | null = null;
  for (const row of rows) {
    if (row.isDefault) fallback = row.phoneNumber;
    if (staticNumber && row.staticNumber === staticNumber) {
      numbers[row.source] ??= row.phoneNumber;
      poolSizes[row.source] = (poolSizes[row.source] ?? 0) + 1;
    }
  }
  return {
    key: input.key,
    endpoint: `${deps.config.publicUrl}${DNI_SESSION_PATH}`,
    seenEndpoint: `${deps.config.publicUrl}${DNI_SESSION_SEEN_PATH}`,
    staticNumber: input.staticNumber,
    numbers,
    pooled: (Object.keys(poolSizes) as TDniSource[]).filter((s) => (poolSizes[s] ?? 0) > 1),
    fallback,
    debug: input.debug,
  };
}
