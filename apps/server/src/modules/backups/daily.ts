import { and, asc, desc, eq, gte, inArray } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { backups, companies } from "../../db/schema";
import { fillBackup, startBackupRow, type TBackupWriteDeps } from "./write";

/** 002 §9: automated backups run daily at 2 AM UTC. */
export const DAILY_BACKUP_HOUR_UTC = 2;

/**
 * How long a `running` claim of the day holds. A claim older than this belongs to an instance that
 * stopped before finishing (a crash, a kill): the next run marks it failed and takes the day over. A
 * company of 1,000,000 leads backs up in minutes (bench/README.md "Backups"), so an hour leaves
 * a live backup alone; if one ever ran longer, a second copy would be written, never a broken one.
 */
export const DAILY_BACKUP_LEASE_MS = 60 * 60 * 1000;

/**
 * Serialises the daily backup's claim of a company between instances, for the claim's few
 * statements only. NO KEY UPDATE leaves free the key-share locks that every new row of the company
 * takes (its foreign key): a submission or a sale never waits for it.
 */
export async function lockCompanyForBackup(tx: Db, companyId: string): Promise<void> {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("no key update");
}

/**
 * Takes today's scheduled backup of every company once it is past 02:00 UTC. Safe on several
 * instances and on every tick: a short transaction claims the company's day (a `running` backup row,
 * under the lock above), so a second run sees the claim and skips it; the file is then written
 * outside it, in a read-only snapshot (write.ts) that delays no submission. A failed backup is
 * tried again on the next tick, and so is a claim left `running` past DAILY_BACKUP_LEASE_MS. `now` is
 * the run's clock (tests pass their own). Returns how many backups it wrote.
 */
export async function runDueDailyBackups(
  deps: Pick<TDeps, "logger"> & TBackupWriteDeps,
  now = new Date(),
  /** `afterBatch`: runs after each batch of rows a backup reads (tests hold one mid-way with it). */
  opts: { afterBatch?: (companyId: string) => Promise<void> } = {},
) {
  const due = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DAILY_BACKUP_HOUR_UTC),
  );
  if (now < due) return 0;
  const ids = await deps.database.db.select({ id: companies.id }).from(companies);
  let written = 0;
  for (const { id } of ids) {
    try {
      const claimed = await deps.database.db.transaction(async (tx) => {
        await lockCompanyForBackup(tx, id);
        const [taken] = await tx
          .select({ id: backups.id, status: backups.status, createdAt: backups.createdAt })
          .from(backups)
          .where(
            and(
              eq(backups.companyId, id),
              eq(backups.kind, "scheduled"),
              inArray(backups.status, ["running", "completed"]),
              gte(backups.createdAt, due),
            ),
          )
          // A completed backup of the day first ("completed" < "running"), else the newest claim.
          .orderBy(asc(backups.status), desc(backups.createdAt))
          .limit(1);
        if (taken?.status === "completed") return null;
        if (taken && now.getTime() - taken.createdAt.getTime() < DAILY_BACKUP_LEASE_MS) return null;
        if (taken) {
          await tx
            .update(backups)
            .set({ status: "failed", error: "abandoned: its server stopped before the backup was written" })
            .where(eq(backups.id, taken.id));
          deps.logger.warn({ companyId: id, backupId: taken.id }, "daily backup claim taken over");
        }
        return startBackupRow(tx, id, "backup_", null);
      });
      if (!claimed) continue;
      const afterBatch = opts.afterBatch;
      await fillBackup(deps, claimed, id, { afterBatch: afterBatch && (() => afterBatch(id)) });
      written++;
    } catch (err) {
      deps.logger.error({ err, companyId: id }, "daily backup failed");
    }
  }
  return written;
}
