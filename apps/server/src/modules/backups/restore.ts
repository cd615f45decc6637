import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { buyers, companies, userRoles } from "../../db/schema";
import type { TLogger } from "../../lib/logger";
import { rowInserter } from "./insert-rows";
import { keepDeliveryLog, restoreDeliveryLog } from "./keep-delivery-log";
import { checkRestoredRows } from "./restore-checks";
import { BackupRefused, createRowChecker, type TCompanyPeople } from "./restore-rules";
import { BACKUP_TABLES, type TBackupTable } from "./tables";

/** Rows inserted per statement (one JSON parameter of a few MB: insert-rows.ts). */
const INSERT_BATCH = 2000;
const byName = new Map(BACKUP_TABLES.map((t) => [t.name, t] as const));
const inserters = new Map(BACKUP_TABLES.map((t) => [t.name, rowInserter(t.table)] as const));

/** Who a restored row may name: the company's members and the users linked to its buyers now. */
async function companyPeople(db: DbOrTx, companyId: string): Promise<TCompanyPeople> {
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
 * Replaces every backed-up table of the company by `rows` (a file's, already known to be signed),
 * inside the caller's transaction: each row is checked as it passes (restore-rules.ts) and inserted in
 * batches, then the rules across rows are checked by SQL (restore-checks.ts). Throws BackupRefused
 * (the caller rolls back) at the first rule broken. Memory holds one batch, whatever the file's size.
 */
export async function restoreRows(
  db: DbOrTx,
  companyId: string,
  rows: AsyncIterable<{ table: string; row: unknown }>,
  log: TLogger,
): Promise<Record<string, number>> {
  const checker = createRowChecker(companyId, await companyPeople(db, companyId));
  // The restored buyer entries are not news: their live-update trigger stays quiet for this
  // transaction (one notice per row of a million-lead company would flood every listener).
  await db.execute(sql`select set_config('leadpost.restoring', 'on', true)`);
  await keepDeliveryLog(db, companyId);
  for (const t of [...BACKUP_TABLES].reverse()) {
    // biome-ignore lint/suspicious/noExplicitAny: every backup table has a companyId column (tables.ts).
    await db.delete(t.table).where(eq((t.table as any).companyId, companyId));
  }
  const restored: Record<string, number> = Object.fromEntries(BACKUP_TABLES.map((t) => [t.name, 0]));
  type TBatch = { table: TBackupTable; rows: Record<string, unknown>[] };
  // A row that clashes with another company's (an id or key taken) or names a row not restored
  // before it rolls everything back.
  const insert = async ({ table, rows: values }: TBatch) => {
    if (!values.length) return;
    await inserters.get(table.name)!(db, values).catch((err) => {
      // The database's own words only: the statement carries thousands of rows.
      const reason = String((err as { cause?: Error }).cause?.message ?? (err as Error).message).slice(
        0,
        300,
      );
      log.warn({ reason, companyId, table: table.name }, "backup restore refused: a row clashes");
      throw new BackupRefused(`${table.name}: a row clashes`);
    });
  };
  let batch: TBatch = { table: BACKUP_TABLES[0]!, rows: [] };
  for await (const { table, row } of rows) {
    if (table === "companies") {
      await db.update(companies).set(checker.company(row)).where(eq(companies.id, companyId));
      continue;
    }
    const checked = checker.row(table, row, restored[table] ?? 0);
    if (batch.table.name !== table || batch.rows.length >= INSERT_BATCH) {
      await insert(batch);
      batch = { table: byName.get(table)!, rows: [] };
    }
    batch.rows.push(checked);
    restored[table]! += 1;
  }
  await insert(batch);
  await checkRestoredRows(db, companyId);
  await restoreDeliveryLog(db, companyId);
  await db.execute(sql`select set_config('leadpost.restoring', 'off', true)`);
  return restored;
}
