import { BACKUP_HISTORY_LIMIT, BACKUP_MESSAGES, type TBackupAnalysis } from "@leadpost/shared";
import { and, desc, eq } from "drizzle-orm";
import { backups } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import type { TLogger } from "../../lib/logger";
import type { TCompanyContext } from "../../plugins/tenant";
import { contentAsFile, legacyContent, legacyRows, legacySignedFor } from "./legacy";
import { deleteParts, readParts } from "./parts";
import { restoreRows } from "./restore";
import { BackupRefused } from "./restore-rules";
import type { TBackupContent } from "./signature";
import { FILE_TABLE_NAMES } from "./snapshot";
import { discardUpload, readUploadedRows, receiveBackupFile } from "./upload";
import { fillBackup, startBackupRow, type TBackupWriteDeps, toBackup, writeBackup } from "./write";

type TBackupDeps = TBackupWriteDeps;
type TBody = AsyncIterable<Uint8Array>;

const invalidFormat = () => new AppError("VALIDATION_FAILED", BACKUP_MESSAGES.INVALID_FORMAT);

/**
 * Create Backup Now: read in the request's own transaction (the company's, under row-level security),
 * through the one cursor whose single statement sees one snapshot of every table (snapshot.ts). The
 * embedded database has one connection, so a transaction of its own would wait for the request's.
 */
export const createBackup = (deps: TBackupDeps, ctx: TCompanyContext) =>
  writeBackup(deps, ctx.companyId, "manual_", ctx.userId, { tx: deps.database.db });

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
 * The file of one of the company's backups (the newest when no id is given), read from its parts as
 * it is sent; a backup of an earlier version is converted on the way.
 */
export async function downloadBackup(deps: TBackupDeps, ctx: TCompanyContext, id?: string) {
  const [row] = await deps.database.db
    .select({
      fileName: backups.fileName,
      storageKey: backups.storageKey,
      partCount: backups.partCount,
      content: backups.content,
      createdAt: backups.createdAt,
    })
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
  if (!row) throw notFound(BACKUP_MESSAGES.NONE);
  const fileName = toBackup({ id: "", sizeBytes: 0, ...row }).name.replace(/\.json$/, ".jsonl");
  if (row.storageKey && row.partCount !== null) {
    return { fileName, body: readParts(deps.storage, deps.secretBox, row.storageKey, row.partCount) };
  }
  if (!row.content) throw notFound(BACKUP_MESSAGES.NONE);
  // Tables a restore never takes (kept by some early versions' backups) are left out.
  const stored = row.content as TBackupContent;
  const tables = Object.fromEntries(
    Object.entries(stored.tables).filter(([name]) => FILE_TABLE_NAMES.includes(name)),
  );
  return {
    fileName,
    body: contentAsFile(deps.secretBox, ctx.companyId, { timestamp: stored.timestamp, tables }),
  };
}

/**
 * Restore, step one: what the file holds (rows per table), without changing anything. Only a file
 * this server signed is read: for this company, or for another one (then shown as not restorable here).
 */
export async function analyseBackup(
  deps: TBackupDeps,
  ctx: TCompanyContext,
  body: TBody,
): Promise<TBackupAnalysis> {
  const file = await receiveBackupFile(deps, body);
  if (!file) throw invalidFormat();
  await discardUpload(deps, file);
  let analysis: Omit<TBackupAnalysis, "totalRows">;
  if (file.version === 2) {
    analysis = {
      timestamp: file.header.timestamp,
      sameCompany: file.header.companyId === ctx.companyId,
      tables: file.counts,
    };
  } else {
    const signedFor = legacySignedFor(deps.secretBox, file.raw, ctx.companyId);
    const content = signedFor ? legacyContent(file.raw) : null;
    if (!content) throw invalidFormat();
    analysis = {
      timestamp: content.timestamp,
      sameCompany: signedFor === ctx.companyId,
      tables: Object.fromEntries(Object.entries(content.tables).map(([k, v]) => [k, v.length])),
    };
  }
  return { ...analysis, totalRows: Object.values(analysis.tables).reduce((a, b) => a + b, 0) };
}

/**
 * Restore, step two. The upload is stored in parts as it arrives and refused with "Invalid backup file
 * format" before anything is read unless this server signed it for this company (signature.ts); then,
 * in one transaction, a restore_ backup of the current state is taken, every backed-up table of the
 * company is replaced by the file's rows read back part by part, and every row is checked
 * (restore-rules.ts, restore-checks.ts). Any refusal rolls everything back.
 */
export async function restoreBackup(deps: TBackupDeps, ctx: TCompanyContext, body: TBody, log: TLogger) {
  const file = await receiveBackupFile(deps, body);
  const refused = (reason: string) => {
    log.warn({ companyId: ctx.companyId, reason }, "backup restore refused");
    return invalidFormat();
  };
  if (!file) throw refused("not signed by this server");
  try {
    let source: { rows: AsyncIterable<{ table: string; row: unknown }>; verified: () => boolean };
    if (file.version === 2) {
      if (file.header.companyId !== ctx.companyId) throw refused("signed for another company");
      source = readUploadedRows(deps, file);
    } else {
      const content =
        legacySignedFor(deps.secretBox, file.raw, ctx.companyId) === ctx.companyId
          ? legacyContent(file.raw)
          : null;
      if (!content) throw refused("not signed by this server for this company");
      source = { rows: legacyRows(content, FILE_TABLE_NAMES), verified: () => true };
    }
    let safety: { storageKey: string; parts: number } | null = null;
    try {
      return await deps.database.db.transaction(async (tx) => {
        const row = await startBackupRow(tx, ctx.companyId, "restore_", ctx.userId);
        safety = { storageKey: row.storageKey, parts: 0 };
        safety.parts = (await fillBackup(deps, row, ctx.companyId, { tx })).parts;
        const restored = await restoreRows(tx, ctx.companyId, source.rows, log);
        if (!source.verified()) throw new BackupRefused("the stored upload changed after its check");
        const [done] = await tx.select().from(backups).where(eq(backups.id, row.id));
        return { restored, safetyBackup: toBackup(done!) };
      });
    } catch (err) {
      // Rolled back: the safety copy's row is gone, so are its parts.
      const written = safety as { storageKey: string; parts: number } | null;
      if (written) await deleteParts(deps.storage, written.storageKey, written.parts).catch(() => undefined);
      if (err instanceof BackupRefused) throw refused(err.message);
      throw err;
    }
  } finally {
    await discardUpload(deps, file);
  }
}
