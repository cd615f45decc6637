import { and, eq, inArray } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { companySecrets, type TCompanySecretName } from "../../db/schema";
import { lastFour } from "../../lib/secret-box";

type TSecretDeps = Pick<TDeps, "secretBox">;

/** Seals and stores one provider secret of a company; only its last four stay readable. */
export async function storeSecret(
  deps: TSecretDeps,
  db: Db,
  companyId: string,
  name: TCompanySecretName,
  plain: string,
) {
  const values = { companyId, name, ciphertext: deps.secretBox.seal(plain), last4: lastFour(plain) };
  await db
    .insert(companySecrets)
    .values(values)
    .onConflictDoUpdate({
      target: [companySecrets.companyId, companySecrets.name],
      set: { ciphertext: values.ciphertext, last4: values.last4, updatedAt: new Date() },
    });
}

/** The last four characters of each stored secret of a company, by name. */
export async function secretLast4s(db: Db, companyId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: companySecrets.name, last4: companySecrets.last4 })
    .from(companySecrets)
    .where(eq(companySecrets.companyId, companyId));
  return new Map(rows.map((r) => [r.name, r.last4]));
}

/** Opens stored secrets of a company for server-side use (never for an answer). */
export async function openSecrets(
  deps: TSecretDeps,
  db: Db,
  companyId: string,
  names: TCompanySecretName[],
): Promise<Partial<Record<TCompanySecretName, string>>> {
  const rows = await db
    .select({ name: companySecrets.name, ciphertext: companySecrets.ciphertext })
    .from(companySecrets)
    .where(and(eq(companySecrets.companyId, companyId), inArray(companySecrets.name, names)));
  return Object.fromEntries(rows.map((r) => [r.name, deps.secretBox.open(r.ciphertext)]));
}
