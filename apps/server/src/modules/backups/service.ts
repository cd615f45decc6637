import {
  BACKUP_HISTORY_LIMIT,
  BACKUP_MESSAGES,
  type TBackup,
  type TBackupAnalysis,
  ZBackupFileSchema,
} from "@leadpost/shared";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { col, queryRows, rowOf } from "../../db/raw";
import { backups, buyers, companies, userRoles } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import type { TLogger } from "../../lib/logger";
import type { TCompanyContext } from "../../plugins/tenant";
import { BackupRefused, planRestore, type TCompanyPeople } from "./restore-rules";
import { isSignedFor, signBackup, type TBackupContent } from "./signature";
import { backupFileSql } from "./snapshot";
import { BACKUP_TABLES, backupKind } from "./tables";

type TBackupDeps = Pick<TDeps, "database" | "secretBox">;

const RESTORABLE = new Set(["companies", ...BACKUP_TABLES.map((t) => t.name)]);
const invalidFormat = () => new AppError("VALIDATION_FAILED", 422, BACKUP_MESSAGES.INVALID_FORMAT);

const toBackup = (row: {
  id: string;
  fileName: string | null;
  createdAt: Date;
  sizeBytes: number | null;
}): TBackup => {
  const name = row.fileName ?? `manual_${row.createdAt.toISOString()}.json`;
  return {
    id: row.id,
    name,
    kind: backupKind(name),
    createdAt: row.createdAt.toISOString(),
    size: row.sizeBytes ?? 0,
  };
};

const stamp = (d: Date) => d.toISOString().replace(/[:.]/g, "-");

/**
 * Writes a backup of the company; `prefix` names its kind (backup_ scheduled, restore_, manual_). One
 * statement: PostgreSQL builds the file from the company's rows and stores it (snapshot.ts), with its
 * size and the rows per table.
 */
export async function writeBackup(
  db: Db,
  companyId: string,
  prefix: "backup_" | "restore_" | "manual_",
  createdBy: string | null,
): Promise<TBackup> {
  const now = new Date();
  const [row] = await queryRows(
    db,
    rowOf({ id: col.text, file_name: col.text, created_at: col.text, size_bytes: col.number }),
    sql`
    with file as (select ${backupFileSql(companyId, now.toISOString())} as content)
    insert into ${backups} (company_id, kind, status, file_name, content, size_bytes, table_counts,
                            created_by, created_at)
    select ${companyId}::uuid, ${prefix === "backup_" ? "scheduled" : "manual"}, 'completed',
           ${`${prefix}${stamp(now)}.json`}, f.content, octet_length(f.content::text),
           (select jsonb_object_agg(t.key, jsonb_array_length(t.value)) from jsonb_each(f.content->'tables') t),
           ${createdBy}, ${now.toISOString()}::timestamptz
      from file f
    returning id, file_name, created_at, size_bytes`,
  );
  return toBackup({
    id: row!.id,
    fileName: row!.file_name,
    createdAt: new Date(row!.created_at),
    sizeBytes: Number(row!.size_bytes),
  });
}

export const createBackup = (deps: TBackupDeps, ctx: TCompanyContext) =>
  writeBackup(deps.database.db, ctx.companyId, "manual_", ctx.userId);

export async function listBackups(deps: TBackupDeps, ctx: TCompanyContext) {
  const rows = await deps.database.db
    .select({
      id: backups.id,
      fileName: backups.fileName,
      createdAt: backups.createdAt,
      sizeBytes: backups.sizeBytes,
    })
    .from(backups)
    .where(and(eq(backups.companyId, ctx.companyId), eq(backups.status, "completed")))
    .orderBy(desc(backups.createdAt))
    .limit(BACKUP_HISTORY_LIMIT);
  return { backups: rows.map(toBackup) };
}

/**
 * The file of one of the company's backups (the newest when no id is given), signed for the company.
 * Tables a restore never takes (those of backups stored by an earlier version) are left out, so the
 * file restores as it is.
 */
export async function downloadBackup(deps: TBackupDeps, ctx: TCompanyContext, id?: string) {
  const [row] = await deps.database.db
    .select({ fileName: backups.fileName, content: backups.content, createdAt: backups.createdAt })
    .from(backups)
    .where(
      and(
        eq(backups.companyId, ctx.companyId),
        eq(backups.status, "completed"),
        id ? eq(backups.id, id) : undefined,
      ),
    )
    .orderBy(desc(backups.createdAt))
    .limit(1);
  if (!row?.content) throw notFound(BACKUP_MESSAGES.NONE);
  const stored = row.content as TBackupContent;
  const tables = Object.fromEntries(Object.entries(stored.tables).filter(([name]) => RESTORABLE.has(name)));
  const content = signBackup(deps.secretBox, {
    timestamp: stored.timestamp,
    companyId: ctx.companyId,
    tables,
  });
  return { fileName: row.fileName ?? `manual_${stamp(row.createdAt)}.json`, content };
}

/** The file's shape; called only once its signature has been checked. */
function parseFile(raw: unknown) {
  const parsed = ZBackupFileSchema.safeParse(raw);
  if (!parsed.success) throw invalidFormat();
  return parsed.data;
}

/**
 * Restore, step one: what the file holds (rows per table), without changing anything. Only a file
 * this server signed is read: for this company, or for another one (then shown as not restorable here).
 */
export function analyseBackup(deps: TBackupDeps, ctx: TCompanyContext, raw: unknown): TBackupAnalysis {
  const claimed = (raw as { companyId?: unknown } | null)?.companyId;
  const sameCompany = isSignedFor(deps.secretBox, raw, ctx.companyId);
  if (!sameCompany && !(typeof claimed === "string" && isSignedFor(deps.secretBox, raw, claimed))) {
    throw invalidFormat();
  }
  const file = parseFile(raw);
  const tables = Object.fromEntries(Object.entries(file.tables).map(([k, v]) => [k, v.length]));
  return {
    timestamp: file.timestamp,
    sameCompany,
    tables,
    totalRows: Object.values(tables).reduce((a, b) => a + b, 0),
  };
}

/** Who a restored row may name: the company's members and the users linked to its buyers now. */
async function companyPeople(db: Db, companyId: string): Promise<TCompanyPeople> {
  const members = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.companyId, companyId));
  const linked = await db
    .select({ id: buyers.id, userId: buyers.userId })
    .from(buyers)
    .where(and(eq(buyers.companyId, companyId), isNotNull(buyers.userId)));
  return {
    memberIds: new Set(members.map((m) => m.userId)),
    buyerUsers: new Map(linked.map((b) => [b.id, b.userId!])),
  };
}

/**
 * Restore, step two. Refused with "Invalid backup file format" before anything is read unless this
 * server signed the file for this company (signature.ts); then, in one transaction, every row is
 * checked (restore-rules.ts), a restore_ backup of the current state is taken, and every backed-up
 * table of the company is replaced by the file's rows. Any refusal rolls everything back.
 */
export async function restoreBackup(deps: TBackupDeps, ctx: TCompanyContext, raw: unknown, log: TLogger) {
  if (!isSignedFor(deps.secretBox, raw, ctx.companyId)) {
    log.warn(
      { companyId: ctx.companyId },
      "backup restore refused: not signed by this server for this company",
    );
    throw invalidFormat();
  }
  const file = parseFile(raw);
  return deps.database.db.transaction(async (tx) => {
    const db: Db = tx;
    let plan: ReturnType<typeof planRestore>;
    try {
      plan = planRestore(ctx.companyId, file.tables, await companyPeople(db, ctx.companyId));
    } catch (err) {
      if (!(err instanceof BackupRefused)) throw err;
      log.warn({ companyId: ctx.companyId, reason: err.message }, "backup restore refused");
      throw invalidFormat();
    }
    const safetyBackup = await writeBackup(db, ctx.companyId, "restore_", ctx.userId);
    for (const t of [...BACKUP_TABLES].reverse()) {
      // biome-ignore lint/suspicious/noExplicitAny: every backup table has a companyId column (tables.ts).
      await db.delete(t.table).where(eq((t.table as any).companyId, ctx.companyId));
    }
    if (plan.company) await db.update(companies).set(plan.company).where(eq(companies.id, ctx.companyId));
    const restored: Record<string, number> = {};
    for (const { table: t, rows } of plan.tables) {
      for (let i = 0; i < rows.length; i += 500) {
        // A row that clashes with another company's (an id or key taken) rolls everything back.
        await db
          .insert(t.table)
          .values(rows.slice(i, i + 500))
          .catch((err) => {
            log.warn(
              { err, companyId: ctx.companyId, table: t.name },
              "backup restore refused: a row clashes",
            );
            throw invalidFormat();
          });
      }
      restored[t.name] = rows.length;
    }
    return { restored, safetyBackup };
  });
}
