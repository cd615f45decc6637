import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import { runAsCompany } from "../src/db/tenant-scope";
import { createBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// The wall covers every table that holds a company_id, read from the database itself: a table added
// later without its policy fails here.

let ctx: TTestContext;
let a: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let b: Awaited<ReturnType<typeof createCompanyWithOwner>>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const WALL =
  /^\(\(?(company_id|id) = \(?NULLIF\(current_setting\('leadpost\.company_id'::text, true\), ''::text\)\)?::uuid\)$/;

async function companyTables(db: Db) {
  const rows = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
      order by 1`),
  );
  return rows.map((r) => r.table_name);
}

/**
 * One row of company `companyId` in each table walled by migration 0017 (plus a buyer, its parent);
 * security-rls.test.ts fills and checks the older tables through real requests.
 */
async function rowsInEveryLaterTable(db: Db, companyId: string, userId: string, tag: string) {
  const buyer = await createBuyer(ctx, { companyId, userId: null, email: `buyer-${tag}@rls.test` });
  const [subscription] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into subscriptions (company_id, provider_subscription_id, tier, status)
      values (${companyId}, ${`I-${tag}`}, 'pro', 'active') returning id`),
  );
  await db.execute(sql`insert into subscription_payments (company_id, subscription_id, provider_payment_id, amount_cents, status)
    values (${companyId}, ${subscription!.id}, ${`PAY-${tag}`}, 4900, 'completed')`);
  await db.execute(sql`insert into payment_webhook_events (company_id, event_id, event_type, outcome)
    values (${companyId}, ${`WH-${tag}`}, 'PAYMENT.CAPTURE.COMPLETED', 'processed')`);
  await db.execute(sql`insert into buyer_invitations (company_id, buyer_id, email, token_hash, expires_at)
    values (${companyId}, ${buyer.id}, ${`buyer-${tag}@rls.test`}, ${`hash-${tag}`}, now() + interval '1 day')`);
  await db.execute(sql`insert into api_keys (company_id, name, prefix, key_hash)
    values (${companyId}, 'Key', 'lp_test', ${`key-${tag}`})`);
  await db.execute(sql`insert into auth_events (company_id, user_id, event_type, status)
    values (${companyId}, ${userId}, 'login', 'success')`);
  await db.execute(sql`insert into email_messages (company_id, to_address, from_address, subject, html, kind, transport)
    values (${companyId}, ${`to-${tag}@rls.test`}, 'from@rls.test', 'Hello', '<p>Hi</p>', 'test', 'mailbox')`);
  await db.execute(sql`insert into idempotency_keys (scope, key, company_id, request_hash, response_status, response_body)
    values ('buyers.create', ${`${companyId}:k`}, ${companyId}, 'h', 201, '{}'::jsonb)`);
  await db.execute(sql`insert into stored_files (company_id, bucket, key, content_type, size_bytes)
    values (${companyId}, 'local', ${`logos/${tag}.png`}, 'image/png', 10)`);
  await db.execute(sql`insert into platform_audit_log (action, admin_user_id, target_user_id, company_id)
    values ('impersonation_started', ${userId}, ${userId}, ${companyId})`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createCompanyWithOwner(ctx, "owner@alpha.test", "Alpha");
  b = await createCompanyWithOwner(ctx, "owner@beta.test", "Beta");
  const db = ctx.database.db;
  await rowsInEveryLaterTable(db, a.companyId, a.userId, "a");
  await rowsInEveryLaterTable(db, b.companyId, b.userId, "b");
  // Rows of no company: platform mail, a sign-in attempt of an unknown address, a buyer's profile.
  await db.execute(sql`insert into email_messages (company_id, to_address, from_address, subject, html, kind, transport)
    values (null, 'someone@rls.test', 'from@rls.test', 'Reset', '<p>Reset</p>', 'password_reset', 'mailbox')`);
  await db.execute(sql`insert into auth_events (company_id, email, event_type, status)
    values (null, 'nobody@rls.test', 'login', 'error')`);
});
afterAll(() => ctx.close());

describe("row-level security on every company table", () => {
  it("has the wall switched on, with the company policy, on every table with a company_id", async () => {
    const db = ctx.database.db;
    const tables = await companyTables(db);
    // The list is read from the database: the tables of 0009, 0016 and 0017 and any later one.
    expect(tables).toEqual(
      expect.arrayContaining(["leads", "buyers", "user_roles", "profiles", "subscriptions"]),
    );
    const state = rowsOf<{ relname: string; relrowsecurity: boolean }>(
      await db.execute(sql`select relname, relrowsecurity from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r'`),
    );
    const policies = rowsOf<{ tablename: string; qual: string; with_check: string; cmd: string }>(
      await db.execute(
        sql`select tablename, qual, with_check, cmd from pg_policies where schemaname = 'public'`,
      ),
    );
    const unwalled = [...tables, "companies"].filter((table) => {
      const enabled = state.find((s) => s.relname === table)?.relrowsecurity === true;
      const walls = policies.filter(
        (p) => p.tablename === table && p.cmd === "ALL" && WALL.test(p.qual) && WALL.test(p.with_check),
      );
      return !enabled || walls.length !== 1;
    });
    expect(unwalled).toEqual([]);
    // Nothing else may loosen it: a second permissive policy would be OR-ed with the wall.
    expect(policies.filter((p) => !WALL.test(p.qual ?? ""))).toEqual([]);
  });

  it("leaves the role company requests run as no way around the wall", async () => {
    const db = ctx.database.db;
    const [role] = rowsOf<{ rolsuper: boolean; rolbypassrls: boolean }>(
      await db.execute(sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'leadpost_app'`),
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const owned = rowsOf<{ tablename: string }>(
      await db.execute(sql`select tablename from pg_tables where tableowner = 'leadpost_app'`),
    );
    expect(owned).toEqual([]);
    // A function that runs as its owner reads past every policy: only these, each keeping the wall
    // itself (docs/security.md §10), and callable by the request role alone, not by PUBLIC.
    const pastTheWall = rowsOf<{ name: string; forPublic: boolean; forApp: boolean }>(
      await db.execute(sql`
        select p.proname as name,
               p.proacl is null or exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0) as "forPublic",
               has_function_privilege('leadpost_app', p.oid, 'execute') as "forApp"
          from pg_proc p where p.prosecdef and p.pronamespace = 'public'::regnamespace order by 1`),
    );
    expect(pastTheWall).toEqual([{ name: "lead_search_ids", forPublic: false, forApp: true }]);
  });

  it("hides every other company's rows, and company-less ones, from a query without a company filter", async () => {
    const db = ctx.database.db;
    const tables = await companyTables(db);
    const count = async (table: string, where: ReturnType<typeof sql>) =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`),
      )[0]!.n;
    const others = sql`company_id is distinct from ${a.companyId}::uuid`;
    const systemSees: Record<string, number> = {};
    for (const table of tables) systemSees[table] = await count(table, others);
    const walledSees = await runAsCompany(db, a.companyId, async () => {
      const seen: Record<string, { others: number; own: number }> = {};
      for (const table of tables) {
        seen[table] = {
          others: await count(table, others),
          own: await count(table, sql`company_id = ${a.companyId}::uuid`),
        };
      }
      return seen;
    });
    for (const table of tables) expect({ table, ...walledSees[table] }).toMatchObject({ table, others: 0 });
    // Not vacuous: the system context sees B's (and company-less) rows in each table 0017 walled, and
    // inside A's scope A's own rows are still there.
    const later = [
      "user_roles",
      "profiles",
      "buyer_invitations",
      "api_keys",
      "auth_events",
      "email_messages",
      "idempotency_keys",
      "stored_files",
      "subscriptions",
      "subscription_payments",
      "payment_webhook_events",
      "platform_audit_log",
    ];
    for (const table of later) {
      expect({ table, system: systemSees[table]! > 0, own: walledSees[table]!.own > 0 }).toEqual({
        table,
        system: true,
        own: true,
      });
    }
    const companies = await runAsCompany(db, a.companyId, () => db.execute(sql`select id from companies`));
    expect(rowsOf<{ id: string }>(companies).map((r) => r.id)).toEqual([a.companyId]);
  });

  it("refuses to write a row of another company, or of none, into the newly walled tables", async () => {
    const db = ctx.database.db;
    for (const companyId of [b.companyId, null]) {
      await expect(
        runAsCompany(db, a.companyId, () =>
          db.execute(sql`insert into auth_events (company_id, event_type, status)
            values (${companyId}, 'login', 'success')`),
        ),
      ).rejects.toThrow();
    }
    await expect(
      runAsCompany(db, a.companyId, () =>
        db.execute(
          sql`insert into user_roles (user_id, company_id, role) values (${a.userId}, ${b.companyId}, 'owner')`,
        ),
      ),
    ).rejects.toThrow();
    const removed = await runAsCompany(db, a.companyId, () =>
      db.execute(sql`delete from api_keys where company_id = ${b.companyId} returning id`),
    );
    expect(rowsOf(removed)).toEqual([]);
  });
});
