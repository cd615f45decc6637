import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { col, queryRows, rowOf } from "../src/db/raw";
import { createTestDatabase, TEST_DATABASE_URL, type TTestDatabase } from "./helpers/test-database";

describe.skipIf(!TEST_DATABASE_URL)("the PostgreSQL pool", () => {
  let database: TTestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(() => database?.dispose());

  it("compiles no query with JIT, on every connection it opens, from the first query on", async () => {
    // Concurrent first queries: each needs a connection of its own, opened for it.
    const settings = await Promise.all(
      Array.from({ length: 6 }, () =>
        queryRows(database.db, rowOf({ jit: col.text }), sql`select current_setting('jit') as jit`),
      ),
    );
    expect(settings.map(([row]) => row?.jit)).toEqual(Array(6).fill("off"));
  });
});
