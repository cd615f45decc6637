import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import { idempotencyKeyReused, requestHash } from "../../lib/request-hash";

type TIdem = { scope: string; key: string; companyId: string };

// Keys are per company: another tenant's key can never replay (or collide with) this one's answer.
const storedKey = (idem: TIdem) => `${idem.companyId}:${idem.key}`;

/** The first answer given for this key, or null. The same key with a different body is refused. */
export async function replayAnswer(db: Db, idem: TIdem, input: unknown): Promise<unknown | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, storedKey(idem))));
  if (!row) return null;
  if (row.requestHash !== requestHash(input)) throw idempotencyKeyReused();
  return row.responseBody;
}

export async function rememberAnswer(db: Db, idem: TIdem, input: unknown, status: number, body: unknown) {
  await db.insert(idempotencyKeys).values({
    scope: idem.scope,
    key: storedKey(idem),
    companyId: idem.companyId,
    requestHash: requestHash(input),
    responseStatus: status,
    responseBody: body,
  });
}
