import { lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { idempotencyKeys, rateLimits } from "../../db/schema";

/** Rate-limit windows are minutes long; a day-old counter can never limit anything again. */
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A client retries a request within minutes or hours; after a week the remembered answer is dead weight. */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes rate-limit counters and remembered idempotent answers that can no longer matter. */
export async function purgeExpiredRows(db: Db, now = Date.now()) {
  const limits = await db
    .delete(rateLimits)
    .where(lt(rateLimits.lastRequest, now - RATE_LIMIT_RETENTION_MS))
    .returning({ id: rateLimits.id });
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return { rateLimits: limits.length, idempotencyKeys: keys.length };
}
