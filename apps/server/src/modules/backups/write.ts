import { randomUUID } from "node:crypto";
import type { TBackup } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { DbOrTx } from "../../db/client";
import { backups } from "../../db/schema";
import { headerLine, rowLine, trailerLine } from "./format";
import { createPartWriter } from "./parts";
import { backupMac } from "./signature";
import { FILE_TABLE_NAMES, streamCompanyRows } from "./snapshot";
import { backupKind } from "./tables";

export type TBackupWriteDeps = Pick<TDeps, "database" | "storage" | "secretBox" | "config">;
export type TBackupPrefix = "backup_" | "restore_" | "manual_";

const stamp = (d: Date) => d.toISOString().replace(/[:.]/g, "-");
export const backupFileName = (prefix: TBackupPrefix, at: Date) => `${prefix}${stamp(at)}.jsonl`;

export const toBackup = (row: {
  id: string;
  fileName: string | null;
  createdAt: Date;
  sizeBytes: number | null;
}): TBackup => {
  const name = row.fileName ?? `manual_${stamp(row.createdAt)}.jsonl`;
  return {
    id: row.id,
    name,
    kind: backupKind(name),
    createdAt: row.createdAt.toISOString(),
    size: row.sizeBytes ?? 0,
  };
};

/** A backup row in state `running` (its file not written yet); the daily run claims its day with one. */
export async function startBackupRow(
  db: DbOrTx,
  companyId: string,
  prefix: TBackupPrefix,
  createdBy: string | null,
) {
  const id = randomUUID();
  const createdAt = new Date();
  await db.insert(backups).values({
    id,
    companyId,
    kind: prefix === "backup_" ? "scheduled" : "manual",
    status: "running",
    storageKey: `backups/${id}`,
    fileName: backupFileName(prefix, createdAt),
    createdBy,
    createdAt,
  });
  return { id, storageKey: `backups/${id}`, createdAt };
}

export type TWriteOptions = {
  /** Read in this transaction (a restore's safety copy) instead of a snapshot of its own. */
  tx?: DbOrTx;
  /** Runs after each batch of rows read (tests hold a backup mid-way with it). */
  afterBatch?: () => Promise<void>;
};

/**
 * Streams the company's rows into a signed file (format.ts) in the storage's parts, then marks the
 * row completed with its size, parts and rows per table. Without `tx`, the rows are read in a
 * read-only REPEATABLE READ transaction of its own through one cursor: no lock but a plain SELECT's,
 * so submissions, sales and every other write go on while a backup is written.
 */
export async function fillBackup(
  deps: TBackupWriteDeps,
  row: { id: string; storageKey: string; createdAt: Date },
  companyId: string,
  opts: TWriteOptions = {},
): Promise<{ parts: number }> {
  const writer = createPartWriter(
    deps.storage,
    deps.secretBox,
    row.storageKey,
    deps.config.storage.backupPartBytes,
  );
  const mac = backupMac(deps.secretBox);
  const counts: Record<string, number> = Object.fromEntries(FILE_TABLE_NAMES.map((n) => [n, 0]));
  const out = async (text: string) => {
    mac.update(text);
    await writer.write(text);
  };
  const read = (tx: DbOrTx) =>
    streamCompanyRows(
      tx,
      companyId,
      async (table, json) => {
        counts[table]! += 1;
        await out(rowLine(table, json));
      },
      opts.afterBatch,
    );
  const db = opts.tx ?? deps.database.db;
  try {
    await out(headerLine(companyId, row.createdAt.toISOString()));
    if (opts.tx) await read(opts.tx);
    else
      await deps.database.db.transaction(read, {
        isolationLevel: "repeatable read",
        accessMode: "read only",
      });
    await writer.write(trailerLine(mac.digest()));
    const { parts, bytes } = await writer.finish();
    await db
      .update(backups)
      .set({ status: "completed", partCount: parts, sizeBytes: bytes, tableCounts: counts })
      .where(eq(backups.id, row.id));
    return { parts };
  } catch (err) {
    await writer.discard().catch(() => undefined);
    if (!opts.tx) {
      await db
        .update(backups)
        .set({ status: "failed", error: String((err as Error).message ?? err).slice(0, 500) })
        .where(eq(backups.id, row.id))
        .catch(() => undefined);
    }
    throw err;
  }
}

/** Writes a backup of the company now; `prefix` names its kind (backup_ scheduled, restore_, manual_). */
export async function writeBackup(
  deps: TBackupWriteDeps,
  companyId: string,
  prefix: TBackupPrefix,
  createdBy: string | null,
  opts: TWriteOptions = {},
): Promise<TBackup> {
  const row = await startBackupRow(opts.tx ?? deps.database.db, companyId, prefix, createdBy);
  await fillBackup(deps, row, companyId, opts);
  const [done] = await (opts.tx ?? deps.database.db)
    .select({
      id: backups.id,
      fileName: backups.fileName,
      createdAt: backups.createdAt,
      sizeBytes: backups.sizeBytes,
    })
    .from(backups)
    .where(eq(backups.id, row.id));
  return toBackup(done!);
}
