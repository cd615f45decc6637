import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backups, companies, leads, niches, userRoles } from "../src/db/schema";
import { runDueDailyBackups } from "../src/modules/backups";
import { lockCompanyForBackup } from "../src/modules/backups/daily";
import { BACKUP_TABLES, backupKind } from "../src/modules/backups/tables";
import { createBuyer, createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submit } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
type TCompany = Awaited<ReturnType<typeof createCompanyWithOwner>>;
let a: TCompany;
let b: TCompany;
let c: TCompany;

/** Every row of a company in every backed-up table, plus its company row. */
async function rowsOf(companyId: string) {
  const db = ctx.database.db;
  const out: Record<string, unknown[]> = {
    companies: await db.select().from(companies).where(eq(companies.id, companyId)),
  };
  for (const t of BACKUP_TABLES) {
    const rows = await db
      .select()
      .from(t.table)
      // biome-ignore lint/suspicious/noExplicitAny: every backup table has companyId.
      .where(eq((t.table as any).companyId, companyId));
    out[t.name] = rows.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
  }
  return out;
}

async function populate(company: TCompany, tag: string) {
  const form = await createPublishedForm(ctx, company.cookie);
  for (const n of [1, 2]) {
    await submit(ctx, form.id, { ...QUOTE_ANSWERS, "f-email": `${tag}${n}@example.com` });
  }
  const userId = await createUser(ctx, `buyer@${tag}.test`);
  await createBuyer(ctx, { companyId: company.companyId, userId, email: `buyer@${tag}.test`, credits: 5 });
}

const api = (company: TCompany, path: string, init: { method?: string; json?: unknown } = {}) =>
  ctx.request(`/api/settings/backups${path}`, {
    method: init.method ?? "GET",
    json: init.json,
    cookie: company.cookie,
  });

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createCompanyWithOwner(ctx, "owner@a-backup.test", "A Backup");
  b = await createCompanyWithOwner(ctx, "owner@b-backup.test", "B Backup");
  c = await createCompanyWithOwner(ctx, "owner@c-backup.test", "C Backup");
  await populate(a, "a");
  await populate(b, "b");
  await populate(c, "c");
});
afterAll(() => ctx.close());

describe("backups", () => {
  it("backup then restore round-trips every row of the company", async () => {
    const before = await rowsOf(a.companyId);
    expect(before.leads).toHaveLength(2);
    expect(before.credit_transactions).toHaveLength(1);
    expect((await api(a, "", { method: "POST" })).status).toBe(201);
    const file = (await (await api(a, "/download")).json()) as {
      tables: Record<string, Record<string, unknown>[]>;
    };
    // Rows as the server reads them (property names, timestamps as ISO strings in UTC).
    expect(file.tables.leads![0]).toMatchObject({
      companyId: a.companyId,
      createdAt: expect.stringMatching(/Z$/),
    });
    // The e-mail log (reset links, sign-in codes) and notices waiting for their job are left out.
    expect(Object.keys(file.tables)).not.toContain("email_messages");
    expect(Object.keys(file.tables)).not.toContain("new_lead_notices");

    // Change things after the backup: rename, remove a lead, add a niche.
    await ctx.database.db.update(companies).set({ name: "Renamed" }).where(eq(companies.id, a.companyId));
    await ctx.database.db.delete(leads).where(eq(leads.id, (before.leads![0] as { id: string }).id));
    await ctx.database.db.insert(niches).values({ companyId: a.companyId, name: "Added later", price: 5 });

    const analysis = (await (await api(a, "/analyse", { method: "POST", json: file })).json()) as {
      sameCompany: boolean;
      tables: Record<string, number>;
    };
    expect(analysis.sameCompany).toBe(true);
    expect(analysis.tables.leads).toBe(2);

    const res = await api(a, "/restore", { method: "POST", json: file });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await rowsOf(a.companyId);
    const { updatedAt: _u1, ...companyBefore } = before.companies![0] as Record<string, unknown>;
    const { updatedAt: _u2, ...companyAfter } = after.companies![0] as Record<string, unknown>;
    expect(companyAfter).toEqual(companyBefore);
    for (const t of BACKUP_TABLES) expect(after[t.name], t.name).toEqual(before[t.name]);

    const list = (await (await api(a, "")).json()) as { backups: { name: string; kind: string }[] };
    expect(list.backups.map((x) => x.kind).sort()).toEqual(["manual", "restore"]);
  });

  it("restoring company A's backup while signed in to B changes no row of A, B or C", async () => {
    await api(a, "", { method: "POST" });
    const fileA = (await (await api(a, "/download")).json()) as {
      companyId: string;
      tables: Record<string, Record<string, unknown>[]>;
    };
    const snapshot = async () => ({
      a: await rowsOf(a.companyId),
      b: await rowsOf(b.companyId),
      c: await rowsOf(c.companyId),
    });
    const before = await snapshot();

    const asIs = await api(b, "/restore", { method: "POST", json: fileA });
    expect(asIs.status).toBe(403);
    // Relabelled as B's: the rows keep A's ids, so nothing can be written over A's rows.
    const relabelled = JSON.parse(JSON.stringify(fileA).replaceAll(a.companyId, b.companyId));
    const forged = await api(b, "/restore", { method: "POST", json: relabelled });
    expect(forged.status).toBe(422);
    // Half and half: B's id on the file, A's rows inside.
    const mixed = { ...fileA, companyId: b.companyId };
    expect((await api(b, "/restore", { method: "POST", json: mixed })).status).toBe(403);

    expect(await snapshot()).toEqual(before);
  });

  it("refuses a file without tables and timestamp with the 002 text", async () => {
    const res = await api(a, "/analyse", { method: "POST", json: { hello: "world" } });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Invalid backup file format");
    expect((await api(a, "/restore", { method: "POST", json: { tables: {} } })).status).toBe(422);
  });

  it("is refused to members and to another company's ids", async () => {
    const memberId = await createUser(ctx, "member@a-backup.test");
    await ctx.database.db
      .insert(userRoles)
      .values({ userId: memberId, companyId: a.companyId, role: "member" });
    const member = await signInBuyer(ctx, "member@a-backup.test");
    const res = await ctx.request("/api/settings/backups", { cookie: member });
    expect(res.status).toBe(403);
    const [aBackup] = await ctx.database.db.select().from(backups).where(eq(backups.companyId, a.companyId));
    expect((await api(b, `/download?id=${aBackup!.id}`)).status).toBe(404);
  });

  // Needs two connections: on the embedded database every statement runs on one.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "never makes a submission wait while the daily backup holds its company",
    async () => {
      const form = await createPublishedForm(ctx, a.cookie);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const backup = ctx.database.db.transaction(async (tx) => {
        await lockCompanyForBackup(tx, a.companyId);
        locked();
        await held;
      });
      await isLocked;
      // The submission's rows reference the company (a key-share lock): it must not wait for the backup.
      const answered = await Promise.race([
        submit(ctx, form.id, { ...QUOTE_ANSWERS, "f-email": "during-backup@example.com" }).then(
          (r) => r.status,
        ),
        new Promise((resolve) => setTimeout(() => resolve("waited"), 5_000)),
      ]);
      release();
      await backup;
      expect(answered).toBe(201);
    },
  );

  it("derives the kind from the file name", () => {
    expect(backupKind("backup_2026-01-01.json")).toBe("scheduled");
    expect(backupKind("restore_2026-01-01.json")).toBe("restore");
    expect(backupKind("manual_2026-01-01.json")).toBe("manual");
  });

  it("takes the daily backup once per company after 02:00 UTC, even when two instances run at once", async () => {
    const scheduled = async () =>
      (await ctx.database.db.select().from(backups).where(eq(backups.kind, "scheduled"))).length;
    // Yesterday: the backups' created_at is the real clock, which is past yesterday's 02:00 whatever
    // the hour the test runs (today's 02:00 lies ahead of it before 02:00 UTC).
    const day = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const at = (h: number, m: number) =>
      new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, m));
    expect(await runDueDailyBackups(ctx.deps, at(1, 59))).toBe(0);
    const [first, second] = await Promise.all([
      runDueDailyBackups(ctx.deps, at(2, 5)),
      runDueDailyBackups(ctx.deps, at(2, 5)),
    ]);
    const companyCount = (await ctx.database.db.select().from(companies)).length;
    expect(first + second).toBe(companyCount);
    expect(await scheduled()).toBe(companyCount);
    expect(await runDueDailyBackups(ctx.deps, at(23, 0))).toBe(0);
    const names = (await ctx.database.db.select().from(backups).where(eq(backups.kind, "scheduled"))).map(
      (r) => r.fileName ?? "",
    );
    expect(names.every((n) => backupKind(n) === "scheduled")).toBe(true);
  });
});
