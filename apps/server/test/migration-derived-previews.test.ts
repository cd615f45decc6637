import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../src/lib/paths";
import { previewLeadIdsOf } from "../src/modules/lead-distribution";
import { migrationsBefore } from "./helpers/migrations-before";
import { createTestDatabase, type TTestDatabase } from "./helpers/test-database";

/**
 * Migration 0023 stops storing previews: the preview rows routing wrote before it must stay the
 * buyers' previews, and leads routed before it must not suddenly appear as new previews.
 */
let database: TTestDatabase;
let before0023: ReturnType<typeof migrationsBefore>;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  before0023 = migrationsBefore(23);
}, 120_000);
afterAll(async () => {
  before0023?.dispose();
  await database.dispose();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as { rows: T[] }).rows;

describe("migration 0023 (previews derived on read)", () => {
  it("keeps stored previews visible, shows no older lead as new, and derives previews from then on", async () => {
    await database.migrate(before0023.dir, "leadpost:migrate");
    const [company] = await rows<{ id: string }>(
      sql`insert into companies (name) values ('Kept') returning id`,
    );
    const companyId = company!.id;
    // Denver (80202) and Littleton (80123), 10 miles apart.
    const buyer = async (email: string, status: string) =>
      (
        await rows<{ id: string }>(sql`
          insert into buyers (company_id, email, contact_name, status, latitude, longitude, service_radius)
          values (${companyId}::uuid, ${email}, 'B', ${status}, 39.6, -105.04, 25) returning id`)
      )[0]!.id;
    const active = await buyer("active@kept.test", "active");
    const pending = await buyer("pending@kept.test", "pending");
    const lead = async () =>
      (
        await rows<{ id: string }>(sql`
          insert into leads (company_id, status, routed_at, latitude, longitude)
          values (${companyId}::uuid, 'routed', now() - interval '1 day', 39.75, -104.99) returning id`)
      )[0]!.id;
    const previewed = await lead();
    const older = await lead();
    await database.db.execute(sql`
      insert into buyer_leads (company_id, buyer_id, lead_id, is_preview)
      values (${companyId}::uuid, ${active}::uuid, ${previewed}::uuid, true)`);

    await database.migrate(migrationsDir(), "leadpost:migrate");

    const previewsOf = async (buyerId: string) =>
      (await rows<{ id: string }>(previewLeadIdsOf({ buyerId, companyId }))).map((r) => r.id);
    expect(await previewsOf(active)).toEqual([previewed]);
    expect(await previewsOf(active)).not.toContain(older);
    const since = await rows<{ id: string; since: string | null }>(
      sql`select id, receives_leads_since as since from buyers where company_id = ${companyId}::uuid`,
    );
    expect(since.find((b) => b.id === active)?.since).not.toBeNull();
    expect(since.find((b) => b.id === pending)?.since).toBeNull();

    // A lead routed from now on is derived for the active buyer, and for the pending one once active.
    await database.db.execute(sql`update buyers set status = 'active' where id = ${pending}::uuid`);
    const [fresh] = await rows<{ id: string }>(sql`
      insert into leads (company_id, status, routed_at, latitude, longitude)
      values (${companyId}::uuid, 'routed', now() + interval '1 second', 39.75, -104.99) returning id`);
    expect((await previewsOf(active)).sort()).toEqual([previewed, fresh!.id].sort());
    expect(await previewsOf(pending)).toEqual([fresh!.id]);
  });
});
