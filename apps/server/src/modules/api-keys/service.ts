import { createHash, randomBytes } from "node:crypto";
import { API_KEY_MESSAGES, type TApiKey, type TCreateApiKey } from "@leadpost/shared";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { TApiKeyCaller, TDeps } from "../../app-types";
import { apiKeys } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";

type TKeyDeps = Pick<TDeps, "database">;
const PREFIX = { production: "lp_live_", sandbox: "lp_test_" } as const;

export const hashApiKey = (secret: string) => createHash("sha256").update(secret).digest("hex");

const toApiKey = (row: typeof apiKeys.$inferSelect): TApiKey => ({
  id: row.id,
  name: row.name,
  environment: row.environment,
  keyPreview: `${row.prefix}…`,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function listApiKeys(deps: TKeyDeps, ctx: TCompanyContext) {
  const rows = await deps.database.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, ctx.companyId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return { keys: rows.map(toApiKey) };
}

/** A new key: 32 random bytes after an environment prefix; only its SHA-256 is stored. */
export async function createApiKey(deps: TKeyDeps, ctx: TCompanyContext, input: TCreateApiKey) {
  const secret = `${PREFIX[input.environment]}${randomBytes(32).toString("base64url")}`;
  const [row] = await deps.database.db
    .insert(apiKeys)
    .values({
      companyId: ctx.companyId,
      name: input.name,
      environment: input.environment,
      prefix: secret.slice(0, PREFIX[input.environment].length + 6),
      keyHash: hashApiKey(secret),
      createdBy: ctx.userId,
    })
    .returning();
  return { apiKey: toApiKey(row!), secret };
}

export async function revokeApiKey(deps: TKeyDeps, ctx: TCompanyContext, id: string) {
  const revoked = await deps.database.db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, ctx.companyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound("API key not found");
}

/** The company a presented key acts for; a revoked or unknown key is refused at once. */
export async function authenticateApiKey(deps: TKeyDeps, secret: string | null): Promise<TApiKeyCaller> {
  if (!secret) throw new AppError("UNAUTHENTICATED", API_KEY_MESSAGES.MISSING);
  const [row] = await deps.database.db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiKeys.keyHash, hashApiKey(secret)), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, companyId: apiKeys.companyId, environment: apiKeys.environment });
  if (!row) throw new AppError("UNAUTHENTICATED", API_KEY_MESSAGES.INVALID);
  return { keyId: row.id, companyId: row.companyId, sandbox: row.environment === "sandbox" };
}
