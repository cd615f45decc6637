import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, rateLimits } from "../src/db/schema";
import {
  IDEMPOTENCY_RETENTION_MS,
  purgeExpiredRows,
  RATE_LIMIT_RETENTION_MS,
} from "../src/modules/maintenance";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("purge of expired rows", () => {
  it("deletes day-old rate-limit counters and week-old idempotency keys, and keeps the rest", async () => {
    const now = Date.now();
    const db = ctx.database.db;
    await db.insert(rateLimits).values([
      { key: "old-window", count: 3, lastRequest: now - RATE_LIMIT_RETENTION_MS - 1000 },
      { key: "live-window", count: 3, lastRequest: now - 30_000 },
    ]);
    const answer = {
      scope: "test",
      companyId: null,
      requestHash: "h",
      responseStatus: 200,
      responseBody: {},
    };
    await db.insert(idempotencyKeys).values([
      { ...answer, key: "old-key", createdAt: new Date(now - IDEMPOTENCY_RETENTION_MS - 1000) },
      { ...answer, key: "fresh-key", createdAt: new Date(now - 60_000) },
    ]);

    expect(await purgeExpiredRows(db, now)).toEqual({ rateLimits: 1, idempotencyKeys: 1 });
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, "old-window"))).toHaveLength(0);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, "live-window"))).toHaveLength(1);
    const keys = (await db.select().from(idempotencyKeys)).map((k) => k.key);
    expect(keys).toContain("fresh-key");
    expect(keys).not.toContain("old-key");
    // Nothing left to purge: a second run deletes nothing.
    expect(await purgeExpiredRows(db, now)).toEqual({ rateLimits: 0, idempotencyKeys: 0 });
  });
});
