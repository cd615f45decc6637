import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { TAppEnv, TDeps } from "../app-types";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { AppError } from "../lib/app-error";
import { clientIp } from "./client-ip";

/**
 * Fixed-window counter in the database, so every server instance shares it. One upsert per call:
 * a new window starts when the previous one has ended.
 */
export async function consumeRateLimit(db: Db, key: string, windowMs: number, max: number) {
  const now = Date.now();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${now - windowMs} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} <= ${now - windowMs} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
  const count = row?.count ?? 1;
  const retryAfterSeconds = Math.max(1, Math.ceil(((row?.windowStart ?? now) + windowMs - now) / 1000));
  return { allowed: count <= max, retryAfterSeconds };
}

export function rateLimit(
  deps: Pick<TDeps, "database" | "config">,
  opts: { name: string; windowMs: number; max: number; key?: (c: Context<TAppEnv>) => string | null },
): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    const part = opts.key ? opts.key(c) : clientIp(c, deps.config.trustProxy);
    // Without a client address (in-process calls) there is nothing fair to count against.
    if (!part) return next();
    const { allowed, retryAfterSeconds } = await consumeRateLimit(
      deps.database.db,
      `app:${opts.name}:${part}`,
      opts.windowMs,
      opts.max,
    );
    if (!allowed) {
      c.header("Retry-After", String(retryAfterSeconds));
      throw new AppError(
        "RATE_LIMITED",
        `Too many requests. Please wait ${retryAfterSeconds} seconds and try again.`,
      );
    }
    await next();
  };
}
