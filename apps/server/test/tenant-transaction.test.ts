import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { col, queryRows, rowOf } from "../src/db/raw";
import { transactionAsTenant } from "../src/db/tenant-transaction";
import { createTestDatabase, type TTestDatabase } from "./helpers/test-database";

describe("a transaction behind the company wall", () => {
  let database: TTestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  const settings = rowOf({ company: col.text, role: col.text, jit: col.text });
  const read = sql`select current_setting('leadpost.company_id', true) as company, current_user as role,
                          current_setting('jit') as jit`;

  it("runs as the policy-bound role for its company, without JIT compilation, and leaves both behind", async () => {
    const companyId = randomUUID();
    // Several at once: each on a connection of its own (a new one for most).
    const inside = await Promise.all(
      Array.from({ length: 4 }, () =>
        transactionAsTenant(database.db, companyId, (tx) => queryRows(tx, settings, read)),
      ),
    );
    for (const [row] of inside) expect(row).toEqual({ company: companyId, role: "leadpost_app", jit: "off" });
    const [after] = await queryRows(database.db, settings, read);
    expect(after?.role).not.toBe("leadpost_app");
    expect(after?.company ?? "").toBe("");
  });
});
