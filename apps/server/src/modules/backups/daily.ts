import { and, eq, gte } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { backups, companies } from "../../db/schema";
import { writeBackup } from "./service";

/** 002 §9: automated backups run daily at 2 AM UTC. */
export const DAILY_BACKUP_HOUR_UTC = 2;

/**
 * Serialises the daily backup's check of a company between instances. NO KEY UPDATE leaves free the
 * key-share locks that every new row of the company takes (its foreign key): a submission or a sale
 * never waits for a backup being written.
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
 * instances and on every tick: each company is locked while it is checked, so a second run sees
 * the first one's backup and skips it. Returns how many backups it wrote.
 */
export async function runDueDailyBackups(deps: Pick<TDeps, "database" | "logger">, now = new Date()) {
  const due = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DAILY_BACKUP_HOUR_UTC),
  );
  if (now < due) return 0;
  const ids = await deps.database.db.select({ id: companies.id }).from(companies);
  let written = 0;
  for (const { id } of ids) {
    try {
      const wrote = await deps.database.db.transaction(async (tx) => {
        await lockCompanyForBackup(tx, id);
        const [taken] = await tx
          .select({ id: backups.id })
          .from(backups)
          .where(and(eq(backups.companyId, id), eq(backups.kind, "scheduled"), gte(backups.createdAt, due)))
          .limit(1);
        if (taken) return false;
        await writeBackup(tx, id, "backup_", null);
        return true;
      });
      if (wrote) written++;
    } catch (err) {
      deps.logger.error({ err, companyId: id }, "daily backup failed");
    }
  }
  return written;
}
