import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../src/lib/paths";
import { migrationsBefore } from "./helpers/migrations-before";
import { createTestDatabase, type TTestDatabase } from "./helpers/test-database";

/**
 * Migration 0018 turns the routing decisions of a lead (one row per reason until 0017) into one row per
 * lead with its reasons as JSON: existing decisions must arrive whole, in their order, behind the
 * company wall.
 */
let database: TTestDatabase;
let before0018: ReturnType<typeof migrationsBefore>;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  before0018 = migrationsBefore(18);
}, 120_000);
afterAll(async () => {
  before0018?.dispose();
  await database.dispose();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as { rows: T[] }).rows;

describe("migration 0018 (one routing decision row per lead)", () => {
  it("carries each lead's decisions over in their order, with their times, behind the company wall", async () => {
    await database.migrate(before0018.dir, "leadpost:migrate");
    const [company] = await rows<{ id: string }>(
      sql`insert into companies (name) values ('Carried') returning id`,
    );
    const [lead] = await rows<{ id: string }>(
      sql`insert into leads (company_id) values (${company!.id}::uuid) returning id`,
    );
    const [other] = await rows<{ id: string }>(
      sql`insert into leads (company_id) values (${company!.id}::uuid) returning id`,
    );
    await database.db.execute(sql`
      insert into lead_routing_decisions (company_id, lead_id, buyer_id, matched, reason, distance_miles, outcome, created_at)
      values (${company!.id}::uuid, ${lead!.id}::uuid, null, false, 'Closing line', null, 'none', '2026-01-01T00:00:00.000002Z'),
             (${company!.id}::uuid, ${lead!.id}::uuid, null, true, 'E-mailed to a@b.test', 3.5, 'email', '2026-01-01T00:00:00.000001Z'),
             (${company!.id}::uuid, ${other!.id}::uuid, null, false, 'No location', null, 'none', '2026-02-01T00:00:00Z')`);

    await database.migrate(migrationsDir(), "leadpost:migrate");

    const carried = await rows<{ lead_id: string; decided_at: unknown; reasons: Record<string, unknown>[] }>(
      sql`select lead_id, decided_at, reasons from lead_routing_decisions order by decided_at`,
    );
    expect(carried).toHaveLength(2);
    expect(carried[0]!.lead_id).toBe(lead!.id);
    expect(new Date(carried[0]!.decided_at as string).toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(carried[0]!.reasons).toEqual([
      expect.objectContaining({
        buyerId: null,
        matched: true,
        reason: "E-mailed to a@b.test",
        distanceMiles: 3.5,
        outcome: "email",
      }),
      expect.objectContaining({
        buyerId: null,
        matched: false,
        reason: "Closing line",
        distanceMiles: null,
        outcome: "none",
      }),
    ]);
    expect(carried[1]!.reasons).toEqual([expect.objectContaining({ reason: "No location" })]);

    const [wall] = await rows<{ rls: boolean; policies: number }>(sql`
      select c.relrowsecurity as rls, (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
        from pg_class c where c.relname = 'lead_routing_decisions'`);
    expect(wall).toEqual({ rls: true, policies: 1 });
  }, 120_000);
});
