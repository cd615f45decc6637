import { createHash } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backups,
  buyerInvitations,
  buyers,
  companies,
  creditTransactions,
  emailMessages,
  formSubmissions,
  leadDeliveries,
  leads,
  niches,
  platformAuditLog,
  userRoles,
  users,
} from "../src/db/schema";
import { runDueDailyBackups } from "../src/modules/backups";
import { lockCompanyForBackup } from "../src/modules/backups/daily";
import { signBackup, type TBackupContent } from "../src/modules/backups/signature";
import { BACKUP_TABLES, backupKind } from "../src/modules/backups/tables";
import { claimDueSubmissions, routeClaimed } from "../src/modules/lead-distribution/worker/routing-retry";
import { createBuyer, createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submit } from "./helpers/forms";
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

type TFile = TBackupContent & { signature: string };

/** A fresh backup of the company, as downloaded. */
async function downloaded(company: TCompany): Promise<TFile> {
  expect((await api(company, "", { method: "POST" })).status).toBe(201);
  return (await (await api(company, "/download")).json()) as TFile;
}

/** The file edited by `edit`, then signed again with the server's key (as if that key had leaked). */
function forged(file: TFile, edit: (tables: TFile["tables"]) => void, resign: boolean): TFile {
  const copy = structuredClone(file);
  edit(copy.tables);
  if (!resign) return copy;
  const { signature: _s, ...content } = copy;
  return signBackup(ctx.deps.secretBox, content);
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

    // A's file is signed for A: refused in B with the 002 text, before any row is read.
    const asIs = await api(b, "/restore", { method: "POST", json: fileA });
    expect(asIs.status).toBe(422);
    expect(await asIs.text()).toContain("Invalid backup file format");
    // Relabelled as B's: the signature no longer matches.
    const relabelled = JSON.parse(JSON.stringify(fileA).replaceAll(a.companyId, b.companyId));
    expect((await api(b, "/restore", { method: "POST", json: relabelled })).status).toBe(422);
    // Half and half: B's id on the file, A's rows inside.
    const mixed = { ...fileA, companyId: b.companyId };
    expect((await api(b, "/restore", { method: "POST", json: mixed })).status).toBe(422);
    // Re-signed for B with the server key (a leaked key): A's rows are still refused, row by row.
    const { signature: _s, ...content } = fileA as unknown as TFile;
    const resigned = signBackup(ctx.deps.secretBox, { ...content, companyId: b.companyId });
    expect((await api(b, "/restore", { method: "POST", json: resigned })).status).toBe(422);
    // Step one tells the owner plainly; the restore button stays off.
    const analysis = await api(b, "/analyse", { method: "POST", json: fileA });
    expect(await analysis.json()).toMatchObject({ sameCompany: false });

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

describe("backups you can trust", () => {
  const now = () => new Date().toISOString();

  it("refuses an edited file and an unsigned one with the 002 text, changing nothing", async () => {
    const file = await downloaded(a);
    expect(file.signature).toMatch(/^[\w-]{43}$/);
    const before = await everything();
    const edited = forged(
      file,
      (t) => {
        t.companies![0]!.name = "Edited";
      },
      false,
    );
    const { signature: _s, ...unsigned } = file;
    for (const json of [edited, unsigned]) {
      for (const step of ["/analyse", "/restore"]) {
        const res = await api(a, step, { method: "POST", json });
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
      const res = await api(a, "/restore", { method: "POST", json: forged(file, addPointers, resign) });
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
        const res = await api(a, "/restore", { method: "POST", json: forged(file, edit, resign) });
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
    const json = forged(
      file,
      (t) => {
        t.buyers![0]!.creditBalance = 2_147_483_000;
        t.buyers![0]!.userId = declined;
      },
      true,
    );
    const res = await api(a, "/restore", { method: "POST", json });
    expect(res.status, await res.clone().text()).toBe(200);
    const [after] = await ctx.database.db
      .select()
      .from(buyers)
      .where(eq(buyers.id, buyer.id as string));
    const ledger = file.tables.credit_transactions!.filter((t) => t.buyerId === buyer.id);
    expect(after!.creditBalance).toBe(ledger.reduce((sum, t) => sum + (t.amount as number), 0));
    expect(after!.userId).toBe(current!.userId);
  });

  it("restores a backup larger than 2 MiB", async () => {
    const d = await createCompanyWithOwner(ctx, "owner@d-backup.test", "D Backup");
    const filler = "x".repeat(8 * 1024);
    for (let i = 0; i < 300; i++) {
      await addLead(ctx, d.companyId, { name: `Lead ${i}`, data: { notes: filler } });
    }
    const file = await downloaded(d);
    const size = Buffer.byteLength(JSON.stringify(file));
    expect(size).toBeGreaterThan(2 * 1024 * 1024);
    const before = await rowsOf(d.companyId);
    const res = await api(d, "/restore", { method: "POST", json: file });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await rowsOf(d.companyId);
    expect(after.leads).toEqual(before.leads);
  });
});
