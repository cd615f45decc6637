import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../src/lib/paths";
import { migrationsBefore } from "./helpers/migrations-before";
import { createTestDatabase, type TTestDatabase } from "./helpers/test-database";

/**
 * Migration 0028 rewrites the phone numbers stored as typed into their E.164 form: two spellings of one
 * Twilio number become one row (the oldest, keeping the others' calls and routing links), a caller
 * blocked twice is blocked once, and text that is no phone number is left alone.
 */
let database: TTestDatabase;
let before0028: ReturnType<typeof migrationsBefore>;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  before0028 = migrationsBefore(28);
}, 120_000);
afterAll(async () => {
  before0028?.dispose();
  await database.dispose();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as { rows: T[] }).rows;

describe("migration 0028 (phone numbers in E.164)", () => {
  it("normalises every stored number and merges two spellings of one number", async () => {
    await database.migrate(before0028.dir, "leadpost:migrate");
    const [company] = await rows<{ id: string }>(
      sql`insert into companies (name) values ('Spelt') returning id`,
    );
    const c = company!.id;
    const [older] = await rows<{ id: string }>(sql`
      insert into phone_numbers (company_id, phone_number, type, routing_strategy, created_at)
      values (${c}::uuid, '720-555-0100', 'twilio', 'round_robin', '2026-01-01') returning id`);
    const [newer] = await rows<{ id: string }>(sql`
      insert into phone_numbers (company_id, phone_number, type, created_at)
      values (${c}::uuid, '+17205550100', 'twilio', '2026-02-01') returning id`);
    const [routing] = await rows<{ id: string }>(sql`
      insert into routing_numbers (company_id, label, phone_number) values (${c}::uuid, 'Office', '(303) 555-0001') returning id`);
    await database.db.execute(sql`
      insert into twilio_number_routing (company_id, twilio_number_id, routing_number_id)
      values (${c}::uuid, ${newer!.id}::uuid, ${routing!.id}::uuid)`);
    await database.db.execute(sql`
      insert into call_logs (company_id, call_sid, status, phone_number_id) values (${c}::uuid, 'CA0028', 'completed', ${newer!.id}::uuid)`);
    await database.db.execute(sql`
      insert into call_center_agents (company_id, name, phone_number) values (${c}::uuid, 'Ann', '1 (303) 555-0002'), (${c}::uuid, 'Bob', '123')`);
    await database.db.execute(sql`
      insert into blocked_calls (company_id, phone_number, created_at) values
        (${c}::uuid, '3035550003', '2026-01-01'), (${c}::uuid, '+13035550003', '2026-02-01'), (${c}::uuid, '+', '2026-03-01')`);
    await database.db.execute(sql`
      insert into buyers (company_id, email, contact_name, phone_number) values (${c}::uuid, 'b@example.com', 'Bea', '303.555.0004')`);

    await database.migrate(migrationsDir(), "leadpost:migrate");

    const numbers = await rows<{ id: string; phone_number: string; routing_strategy: string }>(
      sql`select id, phone_number, routing_strategy from phone_numbers where company_id = ${c}::uuid`,
    );
    expect(numbers).toEqual([
      { id: older!.id, phone_number: "+17205550100", routing_strategy: "round_robin" },
    ]);
    expect(
      await rows(sql`select twilio_number_id from twilio_number_routing where company_id = ${c}::uuid`),
    ).toEqual([{ twilio_number_id: older!.id }]);
    expect(await rows(sql`select phone_number_id from call_logs where call_sid = 'CA0028'`)).toEqual([
      { phone_number_id: older!.id },
    ]);
    expect(await rows(sql`select phone_number from routing_numbers where company_id = ${c}::uuid`)).toEqual([
      { phone_number: "+13035550001" },
    ]);
    expect(
      await rows(
        sql`select phone_number from call_center_agents where company_id = ${c}::uuid order by name`,
      ),
    ).toEqual([{ phone_number: "+13035550002" }, { phone_number: "123" }]);
    expect(await rows(sql`select phone_number from blocked_calls where company_id = ${c}::uuid`)).toEqual([
      { phone_number: "+13035550003" },
    ]);
    expect(await rows(sql`select phone_number from buyers where company_id = ${c}::uuid`)).toEqual([
      { phone_number: "+13035550004" },
    ]);
    expect(await rows(sql`select twilio_verification from companies where id = ${c}::uuid`)).toEqual([
      { twilio_verification: "unknown" },
    ]);
  });
});
