import {
  BACKUP_HISTORY_LIMIT,
  BACKUP_MESSAGES,
  type TBackup,
  type TBackupAnalysis,
  ZBackupFileSchema,
} from "@leadpost/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/raw";
import { backups, companies } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import type { TCompanyContext } from "../../plugins/tenant";
import { backupFileSql } from "./snapshot";
import { BACKUP_TABLES, backupKind } from "./tables";

type TBackupDeps = Pick<TDeps, "database">;

/** Company columns a restore leaves alone: identity, billing and trial belong to the platform. */
const COMPANY_KEEP = [
  "id",
  "subscriptionTier",
  "subscriptionStatus",
  "subscriptionId",
  "subscriptionUpdatedAt",
  "trialExpiresAt",
  "seats",
  "isTrialExempt",
  "createdAt",
] as const;

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
  const [row] = await queryRows<{ id: string; file_name: string; created_at: string; size_bytes: number }>(
    db,
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

/** The file of one of the company's backups (the newest when no id is given). */
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
  return { fileName: row.fileName ?? `manual_${stamp(row.createdAt)}.json`, content: row.content };
}

function parseFile(raw: unknown) {
  const parsed = ZBackupFileSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("VALIDATION_FAILED", 422, BACKUP_MESSAGES.INVALID_FORMAT);
  return parsed.data;
}

/** Restore, step one: what the file holds (rows per table), without changing anything. */
export function analyseBackup(ctx: TCompanyContext, raw: unknown): TBackupAnalysis {
  const file = parseFile(raw);
  const tables = Object.fromEntries(Object.entries(file.tables).map(([k, v]) => [k, v.length]));
  return {
    timestamp: file.timestamp,
    sameCompany: file.companyId === ctx.companyId,
    tables,
    totalRows: Object.values(tables).reduce((a, b) => a + b, 0),
  };
}

/**
 * Restore, step two, in one transaction: a restore_ backup of the current state first, then every
 * backed-up table of the company replaced by the file's rows. Every row must belong to the signed-in
 * company, so no row of another company can be written or removed.
 */
export async function restoreBackup(deps: TBackupDeps, ctx: TCompanyContext, raw: unknown) {
  const file = parseFile(raw);
  const known = new Set(["companies", ...BACKUP_TABLES.map((t) => t.name)]);
  const foreign = (row: Record<string, unknown>, name: string) =>
    (name === "companies" ? row.id : row.companyId) !== ctx.companyId;
  if (
    file.companyId !== ctx.companyId ||
    Object.entries(file.tables).some(([name, rows]) => !known.has(name) || rows.some((r) => foreign(r, name)))
  ) {
    throw new AppError("FORBIDDEN", 403, BACKUP_MESSAGES.OTHER_COMPANY);
  }
  return deps.database.db.transaction(async (tx) => {
    const db: Db = tx;
    const safetyBackup = await writeBackup(db, ctx.companyId, "restore_", ctx.userId);
    for (const t of [...BACKUP_TABLES].reverse()) {
      // biome-ignore lint/suspicious/noExplicitAny: every backup table has a companyId column (tables.ts).
      await db.delete(t.table).where(eq((t.table as any).companyId, ctx.companyId));
    }
    const company = file.tables.companies?.[0];
    if (company) {
      const values = Object.fromEntries(
        Object.entries(company).filter(([k]) => !(COMPANY_KEEP as readonly string[]).includes(k)),
      );
      if (typeof values.updatedAt === "string") values.updatedAt = new Date(values.updatedAt);
      await db.update(companies).set(values).where(eq(companies.id, ctx.companyId));
    }
    const restored: Record<string, number> = {};
    for (const t of BACKUP_TABLES) {
      const rows = (file.tables[t.name] ?? []).map((r) => {
        const row = { ...r };
        for (const c of t.dateColumns) if (typeof row[c] === "string") row[c] = new Date(row[c] as string);
        return row;
      });
      for (let i = 0; i < rows.length; i += 500) {
        // A row that clashes with another company's (a forged or foreign file) rolls everything back.
        await db
          .insert(t.table)
          .values(rows.slice(i, i + 500))
          .catch(() => {
            throw new AppError("VALIDATION_FAILED", 422, BACKUP_MESSAGES.INVALID_FORMAT);
          });
      }
      restored[t.name] = rows.length;
    }
    return { restored, safetyBackup };
  });
}
