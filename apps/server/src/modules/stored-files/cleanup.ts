import { type SQL, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { col, queryRows, rowOf } from "../../db/raw";
import { storedFiles } from "../../db/schema";

export type TFileCleanupDeps = Pick<TDeps, "database" | "storage" | "logger" | "config">;

/** The job that removes stored files nothing references (jobs/register.ts). */
export const FILE_CLEANUP_JOB = "file-cleanup";
/** Files removed per statement. */
const BATCH = 200;

/**
 * A stored file `f` that no row refers to. Uploads are referenced by their public address, which holds
 * the key: the company's logo, its forms (field images and any other column) and its phone numbers'
 * voicemail greetings. A whole row is read as text, so a column added later that holds an upload is
 * covered too. A file whose company was deleted (company_id set null) is referenced by nothing.
 */
const unreferenced = sql`
  not exists (select 1 from companies c where c.id = f.company_id and strpos(c::text, f.key) > 0)
  and not exists (select 1 from forms x where x.company_id = f.company_id and strpos(x::text, f.key) > 0)
  and not exists (select 1 from phone_numbers p where p.company_id = f.company_id and strpos(p::text, f.key) > 0)`;

type TFileRow = typeof storedFiles.$inferSelect;
type TRawFileRow = {
  id: string;
  company_id: string | null;
  bucket: string;
  key: string;
  content_type: string;
  size_bytes: number;
  created_by: string | null;
  created_at: string | Date;
};

const rawFileRow = rowOf<TRawFileRow>({
  id: col.text,
  company_id: col.orNull(col.text),
  bucket: col.text,
  key: col.text,
  content_type: col.text,
  size_bytes: col.number,
  created_by: col.orNull(col.text),
  created_at: col.time,
});

/**
 * Deletes the rows of the files `which` selects that nothing references (rechecked in the statement
 * that deletes, rows locked by another cleanup skipped), then the files themselves. A file the storage
 * fails to delete gets its row back, so the next run tries again. Returns the files removed.
 */
async function removeUnreferenced(deps: TFileCleanupDeps, which: SQL): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await queryRows(
      deps.database.db,
      rawFileRow,
      sql`
        with doomed as (
          select f.id from stored_files f
           where (${which}) and ${unreferenced}
           order by f.created_at
           limit ${BATCH}
           for update skip locked
        )
        delete from stored_files f using doomed d where f.id = d.id
        returning f.id, f.company_id, f.bucket, f.key, f.content_type, f.size_bytes, f.created_by, f.created_at`,
    );
    for (const row of rows) {
      try {
        await deps.storage.delete(row.key);
        removed += 1;
      } catch (err) {
        deps.logger.warn({ err, key: row.key }, "stored file not deleted; kept for the next cleanup");
        await deps.database.db
          .insert(storedFiles)
          .values(fileRow(row))
          .onConflictDoNothing()
          .catch((e) => deps.logger.error({ err: e, key: row.key }, "stored file row not restored"));
      }
    }
    if (rows.length < BATCH) return removed;
  }
}

const fileRow = (r: TRawFileRow): TFileRow => ({
  id: r.id,
  companyId: r.company_id,
  bucket: r.bucket,
  key: r.key,
  contentType: r.content_type,
  sizeBytes: r.size_bytes,
  createdBy: r.created_by,
  createdAt: new Date(r.created_at),
});

/**
 * The scheduled cleanup: removes every stored file nothing references once it is older than the grace
 * period (`FILE_CLEANUP_GRACE_HOURS`, 24 h: an image uploaded in the form builder is referenced only
 * once the form is saved), and at once the files of a deleted company.
 */
export function removeOrphanedFiles(deps: TFileCleanupDeps, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.storage.orphanGraceMs);
  return removeUnreferenced(
    deps,
    sql`f.company_id is null or f.created_at < ${cutoff.toISOString()}::timestamptz`,
  );
}

/**
 * After a deletion (a form): removes at once the company's files whose key `text` (the deleted rows,
 * as text) mentions and that nothing else references any more.
 */
export function removeFilesNamedIn(deps: TFileCleanupDeps, companyId: string, text: string): Promise<number> {
  return removeUnreferenced(deps, sql`f.company_id = ${companyId}::uuid and strpos(${text}, f.key) > 0`);
}
