import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backups,
  buyerInvitations,
  buyers,
  companies,
  creditTransactions,
  deliveryEndpoints,
  emailMessages,
  endpointDeliveries,
  endpointDeliveryAttempts,
  formSubmissions,
  leadDeliveries,
  leads,
  niches,
  platformAuditLog,
  userRoles,
  users,
} from "../src/db/schema";
import { createS3Storage } from "../src/integrations/storage/s3";
import { createSecretBox } from "../src/lib/secret-box";
import { runDueDailyBackups } from "../src/modules/backups";
import { DAILY_BACKUP_LEASE_MS, lockCompanyForBackup } from "../src/modules/backups/daily";
import { partKey, SEALED_PART_MARK } from "../src/modules/backups/parts";
import { downloadBackup, restoreBackup } from "../src/modules/backups/service";
import { signBackup } from "../src/modules/backups/signature";
import { BACKUP_TABLES, backupKind } from "../src/modules/backups/tables";
import { writeBackup } from "../src/modules/backups/write";
import { claimDueSubmissions, routeClaimed } from "../src/modules/lead-distribution/worker/routing-retry";
import type { TCompanyContext } from "../src/plugins/tenant";
import {
  backupFileSignedAs,
  parseBackupFile,
  signedBackupFile,
  type TBackupFileParts,
} from "./helpers/backups";
import { createBuyer, createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submit } from "./helpers/forms";
import { unlessLockWait } from "./helpers/lock-waits";
import { addLead } from "./helpers/routing";
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

type TFile = TBackupFileParts;

/** The text of the company's latest backup file, as downloaded. */
async function downloadedText(company: TCompany): Promise<string> {
  const res = await api(company, "/download");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/x-ndjson");
  return res.text();
}

/** A fresh backup of the company, as downloaded (and read into tables). */
async function downloaded(company: TCompany): Promise<TFile> {
  expect((await api(company, "", { method: "POST" })).status).toBe(201);
  return parseBackupFile(await downloadedText(company));
}

/** The file edited by `edit`, then signed again with the server's key (as if that key had leaked). */
function forged(file: TFile, edit: (tables: TFile["tables"]) => void, resign: boolean): Promise<string> {
  const { signature, ...content } = structuredClone(file);
  edit(content.tables);
  return resign
    ? signedBackupFile(ctx.deps.secretBox, content)
    : backupFileSignedAs(ctx.deps.secretBox, content, signature);
}

/** Everything a forged restore must leave alone: every company's rows, users, audit, mail, backups. */
async function everything() {
  const db = ctx.database.db;
  const total = async (rows: Promise<{ n: number }[]>) => (await rows)[0]!.n;
  return {
    a: await rowsOf(a.companyId),
    b: await rowsOf(b.companyId),
    c: await rowsOf(c.companyId),
    users: await total(db.select({ n: count() }).from(users)),
    invitations: await total(db.select({ n: count() }).from(buyerInvitations)),
    audit: await total(db.select({ n: count() }).from(platformAuditLog)),
    mail: await total(db.select({ n: count() }).from(emailMessages)),
    credits: await total(db.select({ n: count() }).from(creditTransactions)),
    backups: await total(db.select({ n: count() }).from(backups)),
  };
}

/** A backup route; `file` is sent as the raw body, as the web app uploads a file. */
const api = (company: TCompany, path: string, init: { method?: string; file?: string } = {}) =>
  ctx.request(`/api/settings/backups${path}`, {
    method: init.method ?? "GET",
    body: init.file,
    headers: init.file === undefined ? {} : { "content-type": "application/octet-stream" },
    cookie: company.cookie,
  });

beforeAll(async () => {
  // Small parts: every backup and upload below is stored in several.
  ctx = await createTestContext({ BACKUP_PART_BYTES: "2048" });
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
    const text = await downloadedText(a);
    const file = parseBackupFile(text);
    // Stored in several parts (BACKUP_PART_BYTES above), sent back as one file.
    const [stored] = await ctx.database.db
      .select()
      .from(backups)
      .where(eq(backups.companyId, a.companyId))
      .orderBy(desc(backups.createdAt))
      .limit(1);
    expect(stored!.partCount).toBeGreaterThan(1);
    expect(stored!.content).toBeNull();
    expect(stored!.sizeBytes).toBe(Buffer.byteLength(text));
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

    const analysis = (await (await api(a, "/analyse", { method: "POST", file: text })).json()) as {
      sameCompany: boolean;
      tables: Record<string, number>;
    };
    expect(analysis.sameCompany).toBe(true);
    expect(analysis.tables.leads).toBe(2);

    const res = await api(a, "/restore", { method: "POST", file: text });
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
    const textA = await downloadedText(a);
    const fileA = parseBackupFile(textA);
    const snapshot = async () => ({
      a: await rowsOf(a.companyId),
      b: await rowsOf(b.companyId),
      c: await rowsOf(c.companyId),
    });
    const before = await snapshot();

    // A's file is signed for A: refused in B with the 002 text, before any row is read.
    const asIs = await api(b, "/restore", { method: "POST", file: textA });
    expect(asIs.status).toBe(422);
    expect(await asIs.text()).toContain("Invalid backup file format");
    // Relabelled as B's: the signature no longer matches.
    const relabelled = textA.replaceAll(a.companyId, b.companyId);
    expect((await api(b, "/restore", { method: "POST", file: relabelled })).status).toBe(422);
    // Half and half: B's id on the file's header, A's rows inside.
    const [header, ...rest] = textA.split("\n");
    const mixed = [header!.replace(a.companyId, b.companyId), ...rest].join("\n");
    expect((await api(b, "/restore", { method: "POST", file: mixed })).status).toBe(422);
    // Re-signed for B with the server key (a leaked key): A's rows are still refused, row by row.
    const { signature: _s, ...content } = fileA;
    const resigned = await signedBackupFile(ctx.deps.secretBox, { ...content, companyId: b.companyId });
    expect((await api(b, "/restore", { method: "POST", file: resigned })).status).toBe(422);
    // Step one tells the owner plainly; the restore button stays off.
    const analysis = await api(b, "/analyse", { method: "POST", file: textA });
    expect(await analysis.json()).toMatchObject({ sameCompany: false });

    expect(await snapshot()).toEqual(before);
  });

  it("refuses a file without tables and timestamp with the 002 text", async () => {
    for (const file of [
      JSON.stringify({ hello: "world" }),
      "",
      "not a backup\n",
      '{"format":"leadpost-backup"}',
    ]) {
      const res = await api(a, "/analyse", { method: "POST", file });
      expect(res.status).toBe(422);
      expect(await res.text()).toContain("Invalid backup file format");
    }
    expect((await api(a, "/restore", { method: "POST", file: JSON.stringify({ tables: {} }) })).status).toBe(
      422,
    );
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
      const answered = await unlessLockWait(
        ctx.database.db,
        submit(ctx, form.id, { ...QUOTE_ANSWERS, "f-email": "during-backup@example.com" }).then(
          (r) => r.status,
        ),
      ).catch((err: Error) => err.message);
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
  // Needs two connections: on the embedded database every statement runs on one.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "accepts a public submission while the daily backup of a large company is being written",
    async () => {
      const e = await createCompanyWithOwner(ctx, "owner@e-backup.test", "E Backup");
      await ctx.database.db.execute(
        sql`insert into niches (company_id, name, price)
            select ${e.companyId}::uuid, 'Niche ' || g, 5 from generate_series(1, 1200) g`,
      );
      const form = await createPublishedForm(ctx, e.cookie);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let reached!: () => void;
      const midway = new Promise<void>((resolve) => (reached = resolve));
      // Tomorrow's run: today's scheduled backups (the test below) do not count for it.
      const day = new Date(Date.now() + 24 * 60 * 60 * 1000);
      const at = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 2, 5));
      let held = false;
      const backup = runDueDailyBackups(ctx.deps, at, {
        afterBatch: async (companyId) => {
          if (companyId !== e.companyId || held) return;
          held = true;
          reached();
          await gate;
        },
      });
      await midway;
      // The backup's snapshot is open and half read: the submission is accepted all the same.
      const res = await submit(ctx, form.id, { ...QUOTE_ANSWERS, "f-email": "during-daily@example.com" });
      expect(res.status).toBe(201);
      release();
      await backup;
      const [row] = await ctx.database.db
        .select()
        .from(backups)
        .where(eq(backups.companyId, e.companyId))
        .orderBy(desc(backups.createdAt))
        .limit(1);
      expect(row).toMatchObject({ kind: "scheduled", status: "completed" });
      // The file is the company as it was when the backup began (one snapshot).
      expect(row!.tableCounts).toMatchObject({ forms: 1, form_submissions: 0, leads: 0 });
      expect(row!.tableCounts!.niches).toBeGreaterThanOrEqual(1200);
      const [after] = await ctx.database.db
        .select({ n: count() })
        .from(formSubmissions)
        .where(eq(formSubmissions.companyId, e.companyId));
      expect(after!.n).toBe(1);
    },
  );

  it("takes over a daily claim left running by a stopped server once its lease is over", async () => {
    const f = await createCompanyWithOwner(ctx, "owner@f-backup.test", "F Backup");
    // Two days ahead: no backup of the real clock counts for that day.
    const day = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    const at = (h: number, m: number) =>
      new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, m));
    const [stale] = await ctx.database.db
      .insert(backups)
      .values({
        companyId: f.companyId,
        kind: "scheduled",
        status: "running",
        fileName: "backup_stale.jsonl",
        storageKey: "backups/stale",
        createdAt: at(2, 1),
      })
      .returning();
    const ofF = () => ctx.database.db.select().from(backups).where(eq(backups.companyId, f.companyId));
    // Within the lease the claim is left alone (its server may still be writing).
    await runDueDailyBackups(ctx.deps, new Date(at(2, 1).getTime() + DAILY_BACKUP_LEASE_MS - 60_000));
    expect((await ofF()).map((r) => r.status)).toEqual(["running"]);
    // Past it, the day is taken over once: the stale claim failed, one completed backup.
    await runDueDailyBackups(ctx.deps, new Date(at(2, 1).getTime() + DAILY_BACKUP_LEASE_MS + 60_000));
    const rows = await ofF();
    expect(rows.find((r) => r.id === stale!.id)).toMatchObject({ status: "failed" });
    expect(rows.filter((r) => r.status === "completed")).toHaveLength(1);
    expect(rows).toHaveLength(2);
  });
});

describe("backups you can trust", () => {
  const now = () => new Date().toISOString();

  it("refuses an edited file and an unsigned one with the 002 text, changing nothing", async () => {
    const file = await downloaded(a);
    expect(file.signature).toMatch(/^[\w-]{43}$/);
    const before = await everything();
    const edited = await forged(
      file,
      (t) => {
        t.companies![0]!.name = "Edited";
      },
      false,
    );
    const { signature: _s, ...content } = file;
    const unsigned = await backupFileSignedAs(ctx.deps.secretBox, content, null);
    // Signed by another server (another key).
    const foreign = await signedBackupFile(createSecretBox(randomBytes(32).toString("base64")), content);
    for (const upload of [edited, unsigned, foreign]) {
      for (const step of ["/analyse", "/restore"]) {
        const res = await api(a, step, { method: "POST", file: upload });
        expect(res.status, step).toBe(422);
        expect(await res.text()).toContain("Invalid backup file format");
      }
    }
    expect(await everything()).toEqual(before);
  });

  it("a forged file cannot e-mail another company's lead, signed or not (issue item 1)", async () => {
    const [victimLead] = await ctx.database.db.select().from(leads).where(eq(leads.companyId, b.companyId));
    const file = await downloaded(a);
    const formId = file.tables.forms![0]!.id as string;
    const attacker = "attacker@evil.test";
    const addPointers = (t: TFile["tables"]) => {
      t.form_submissions!.push({
        id: crypto.randomUUID(),
        companyId: a.companyId,
        formId,
        data: {},
        leadId: victimLead!.id,
        routingStatus: "pending",
        createdAt: now(),
      });
      t.lead_deliveries!.push({
        id: crypto.randomUUID(),
        companyId: a.companyId,
        leadId: victimLead!.id,
        channel: "email",
        target: attacker,
        status: "pending",
        createdAt: now(),
        updatedAt: now(),
      });
    };
    // Submissions still waiting are routed first, so the worker's run below can only act on a forgery.
    await routeClaimed(ctx.deps, await claimDueSubmissions(ctx.deps, 500));
    const before = await everything();
    for (const resign of [false, true]) {
      const res = await api(a, "/restore", { method: "POST", file: await forged(file, addPointers, resign) });
      expect(res.status, `re-signed: ${resign}`).toBe(422);
      expect(await res.text()).toContain("Invalid backup file format");
    }
    await routeClaimed(ctx.deps, await claimDueSubmissions(ctx.deps, 500));
    expect(await everything()).toEqual(before);
    expect(
      await ctx.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, attacker)),
    ).toEqual([]);
  });

  it("the routing worker never sends a lead of another company, whatever rows point at it", async () => {
    // The same rows written straight into the database (no restore at all): the worker reads the lead
    // with the submission's company, and the deliveries with the lead's.
    const db = ctx.database.db;
    const [victimLead] = await db.select().from(leads).where(eq(leads.companyId, c.companyId));
    const [formA] = await db
      .select({ id: formSubmissions.formId })
      .from(formSubmissions)
      .where(eq(formSubmissions.companyId, a.companyId));
    const attacker = "attacker-direct@evil.test";
    const [submission] = await db
      .insert(formSubmissions)
      .values({
        companyId: a.companyId,
        formId: formA!.id,
        data: {},
        leadId: victimLead!.id,
        routingStatus: "pending",
        routingNextAttemptAt: new Date(Date.now() - 1000),
      })
      .returning();
    const [delivery] = await db
      .insert(leadDeliveries)
      .values({
        companyId: a.companyId,
        leadId: victimLead!.id,
        channel: "email",
        target: attacker,
        status: "pending",
      })
      .returning();
    try {
      await routeClaimed(ctx.deps, await claimDueSubmissions(ctx.deps, 500));
      expect(await db.select().from(emailMessages).where(eq(emailMessages.toAddress, attacker))).toEqual([]);
      const [after] = await db.select().from(leadDeliveries).where(eq(leadDeliveries.id, delivery!.id));
      expect(after!.status).toBe("pending");
      const [claimed] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, submission!.id));
      expect(claimed!.routingStatus).toBe("failed");
    } finally {
      await db.delete(formSubmissions).where(eq(formSubmissions.id, submission!.id));
      await db.delete(leadDeliveries).where(eq(leadDeliveries.id, delivery!.id));
    }
  });

  it("a forged file cannot make an account, an audit entry or credits (issue item 2)", async () => {
    const file = await downloaded(a);
    const buyerId = file.tables.buyers![0]!.id as string;
    const invitation = (t: TFile["tables"]) => {
      t.buyer_invitations = [
        {
          id: crypto.randomUUID(),
          companyId: a.companyId,
          buyerId,
          email: "ops@leadpost-platform.test",
          tokenHash: createHash("sha256").update("chosen-token").digest("hex"),
          status: "pending",
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          createdAt: now(),
        },
      ];
    };
    const audit = (t: TFile["tables"]) => {
      t.platform_audit_log = [
        {
          id: crypto.randomUUID(),
          action: "impersonation_started",
          companyId: a.companyId,
          createdAt: now(),
        },
      ];
    };
    const bigGrant = (t: TFile["tables"]) => {
      t.credit_transactions!.push({
        id: crypto.randomUUID(),
        companyId: a.companyId,
        buyerId,
        amount: 2_147_483_000,
        transactionType: "grant",
        isRevoked: false,
        createdAt: now(),
      });
    };
    const before = await everything();
    for (const edit of [invitation, audit, bigGrant]) {
      for (const resign of [false, true]) {
        const res = await api(a, "/restore", { method: "POST", file: await forged(file, edit, resign) });
        expect(res.status, `${edit.name}, re-signed: ${resign}`).toBe(422);
        expect(await res.text()).toContain("Invalid backup file format");
      }
    }
    expect(await everything()).toEqual(before);
    expect(
      await ctx.database.db.select().from(users).where(eq(users.email, "ops@leadpost-platform.test")),
    ).toEqual([]);
  });

  it("takes neither a buyer's balance nor its portal user from the file", async () => {
    const file = await downloaded(a);
    const buyer = file.tables.buyers![0]!;
    const [current] = await ctx.database.db
      .select()
      .from(buyers)
      .where(eq(buyers.id, buyer.id as string));
    const declined = await createUser(ctx, "declined@elsewhere.test");
    const upload = await forged(
      file,
      (t) => {
        t.buyers![0]!.creditBalance = 2_147_483_000;
        t.buyers![0]!.userId = declined;
      },
      true,
    );
    const res = await api(a, "/restore", { method: "POST", file: upload });
    expect(res.status, await res.clone().text()).toBe(200);
    const [after] = await ctx.database.db
      .select()
      .from(buyers)
      .where(eq(buyers.id, buyer.id as string));
    const ledger = file.tables.credit_transactions!.filter((t) => t.buyerId === buyer.id);
    expect(after!.creditBalance).toBe(ledger.reduce((sum, t) => sum + (t.amount as number), 0));
    expect(after!.userId).toBe(current!.userId);
  });

  it("still reads a file of the earlier format (one JSON value), and refuses it edited", async () => {
    const file = await downloaded(a);
    const { signature: _s, ...content } = file;
    const legacy = signBackup(ctx.deps.secretBox, content);
    const analysis = await api(a, "/analyse", { method: "POST", file: JSON.stringify(legacy) });
    expect(analysis.status).toBe(200);
    expect(await analysis.json()).toMatchObject({
      sameCompany: true,
      tables: { leads: file.tables.leads!.length },
    });
    const res = await api(a, "/restore", { method: "POST", file: JSON.stringify(legacy) });
    expect(res.status, await res.clone().text()).toBe(200);
    const edited = structuredClone(legacy);
    edited.tables.companies![0]!.name = "Edited";
    const before = await everything();
    expect((await api(a, "/restore", { method: "POST", file: JSON.stringify(edited) })).status).toBe(422);
    expect(await everything()).toEqual(before);
  });

  it("stores every part encrypted, still reads parts stored in plain text, and refuses one changed", async () => {
    expect((await api(a, "", { method: "POST" })).status).toBe(201);
    const [stored] = await ctx.database.db
      .select()
      .from(backups)
      .where(eq(backups.companyId, a.companyId))
      .orderBy(desc(backups.createdAt))
      .limit(1);
    expect(stored!.partCount).toBeGreaterThan(2);
    const pathOf = (n: number) => join(ctx.deps.config.dataDir, "uploads", partKey(stored!.storageKey!, n));
    const plainText = await downloadedText(a);
    expect(plainText).toContain("A Backup");
    // At rest: no row's text, no company name, only the sealed-part mark and ciphertext.
    for (let n = 1; n <= stored!.partCount!; n++) {
      const raw = readFileSync(pathOf(n));
      expect(raw.subarray(0, SEALED_PART_MARK.length).equals(SEALED_PART_MARK)).toBe(true);
      expect(raw.includes("A Backup")).toBe(false);
      expect(raw.includes('"table"')).toBe(false);
      expect(raw.includes(a.companyId)).toBe(false);
    }
    // Parts as an earlier version stored them (plain JSON lines) download as the same file.
    let offset = 0;
    for (let n = 1; n <= stored!.partCount!; n++) {
      const size = readFileSync(pathOf(n)).length;
      const plain = Buffer.from(plainText).subarray(offset, offset + 2048);
      offset += plain.length;
      expect(size).toBeGreaterThan(plain.length);
      writeFileSync(pathOf(n), plain);
    }
    expect(await downloadedText(a)).toBe(plainText);
    // A changed byte in such a part fails the file's signature.
    const part = readFileSync(pathOf(2), "utf8");
    expect(part).toMatch(/20\d\d-/);
    writeFileSync(pathOf(2), part.replace(/20(\d\d)-/, "19$1-"));
    const tampered = await downloadedText(a);
    const before = await everything();
    for (const step of ["/analyse", "/restore"]) {
      const res = await api(a, step, { method: "POST", file: tampered });
      expect(res.status, step).toBe(422);
      expect(await res.text()).toContain("Invalid backup file format");
    }
    expect(await everything()).toEqual(before);
    // Nothing of the refused uploads is left in the storage.
    const uploads = join(ctx.deps.config.dataDir, "uploads", "backup-uploads");
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
  });

  it("writes and restores through an S3 bucket that holds only ciphertext", async () => {
    const bucket = new Map<string, Buffer>();
    const fakeS3: typeof fetch = async (input, init) => {
      const key = new URL(String(input)).pathname;
      if (init?.method === "PUT") bucket.set(key, Buffer.from(init.body as Uint8Array));
      if (init?.method === "DELETE") bucket.delete(key);
      if (init?.method !== "GET") return new Response(null, { status: 200 });
      const body = bucket.get(key);
      return body ? new Response(body, { status: 200 }) : new Response(null, { status: 404 });
    };
    const storage = createS3Storage(
      {
        endpoint: "http://s3.test",
        region: "eu-west-1",
        bucket: "backups-test",
        accessKeyId: "AKIDTEST",
        secretAccessKey: "secret-test-key",
        publicBaseUrl: "https://cdn.example.com",
      },
      fakeS3,
    );
    const deps = { ...ctx.deps, storage };
    const company: TCompanyContext = {
      companyId: a.companyId,
      userId: a.userId,
      email: "owner@a-backup.test",
      role: "owner",
    };
    const made = await writeBackup(deps, a.companyId, "manual_", null);
    const objects = [...bucket.entries()].filter(([key]) => key.includes("/backups/"));
    expect(objects.length).toBeGreaterThan(2);
    for (const [, body] of objects) {
      expect(body.subarray(0, SEALED_PART_MARK.length).equals(SEALED_PART_MARK)).toBe(true);
      expect(body.includes("A Backup")).toBe(false);
      expect(body.includes('"table"')).toBe(false);
    }
    const before = await rowsOf(a.companyId);
    const file = await downloadBackup(deps, company, made.id);
    const restored = await restoreBackup(deps, company, file.body, ctx.deps.logger);
    expect(restored.restored.leads).toBe(before.leads!.length);
    expect(await rowsOf(a.companyId)).toEqual({ ...before, buyers: expect.any(Array) });
    // The upload's parts are gone once the restore is done; the backup and the safety copy stay.
    expect([...bucket.keys()].some((key) => key.includes("/backup-uploads/"))).toBe(false);
  });

  it("keeps the lead delivery log of the buyers and leads a restore brings back", async () => {
    const [buyer] = await ctx.database.db.select().from(buyers).where(eq(buyers.companyId, b.companyId));
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.companyId, b.companyId));
    const [endpoint] = await ctx.database.db
      .insert(deliveryEndpoints)
      .values({
        companyId: b.companyId,
        buyerId: buyer!.id,
        name: "CRM",
        url: "https://crm.example.com/leads",
        secretCiphertext: ctx.deps.secretBox.seal("whsec_test"),
        secretLast4: "test",
      })
      .returning();
    const [delivery] = await ctx.database.db
      .insert(endpointDeliveries)
      .values({
        companyId: b.companyId,
        buyerId: buyer!.id,
        endpointId: endpoint!.id,
        leadId: lead!.id,
        endpointName: "CRM",
        url: "https://crm.example.com/leads",
        status: "accepted",
        attempts: 1,
      })
      .returning();
    await ctx.database.db.insert(endpointDeliveryAttempts).values({
      companyId: b.companyId,
      deliveryId: delivery!.id,
      attempt: 1,
      startedAt: new Date(),
      durationMs: 12,
      statusCode: 200,
      outcome: "accepted",
    });
    await downloaded(b);
    const file = await downloadedText(b);
    const res = await api(b, "/restore", { method: "POST", file });
    expect(res.status, await res.clone().text()).toBe(200);
    const db = ctx.database.db;
    expect(
      await db.select().from(deliveryEndpoints).where(eq(deliveryEndpoints.companyId, b.companyId)),
    ).toEqual([endpoint]);
    expect(
      await db.select().from(endpointDeliveries).where(eq(endpointDeliveries.companyId, b.companyId)),
    ).toEqual([delivery]);
    expect(
      await db
        .select()
        .from(endpointDeliveryAttempts)
        .where(eq(endpointDeliveryAttempts.companyId, b.companyId)),
    ).toHaveLength(1);
  });

  it("restores a backup larger than 2 MiB", async () => {
    const d = await createCompanyWithOwner(ctx, "owner@d-backup.test", "D Backup");
    const filler = "x".repeat(8 * 1024);
    for (let i = 0; i < 300; i++) {
      await addLead(ctx, d.companyId, { name: `Lead ${i}`, data: { notes: filler } });
    }
    await downloaded(d);
    const file = await downloadedText(d);
    expect(Buffer.byteLength(file)).toBeGreaterThan(2 * 1024 * 1024);
    const before = await rowsOf(d.companyId);
    const res = await api(d, "/restore", { method: "POST", file });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await rowsOf(d.companyId);
    expect(after.leads).toEqual(before.leads);
  });
});
