import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { lockDataDir } from "../lib/data-dir-lock";
import { openPglite, openPostgres, type TDatabase } from "./client";
import { runMigrations } from "./migrate";
import { col, queryRows, rowOf } from "./raw";

/** Rows read and written per statement. */
const BATCH = 1000;

export type TMoveReport = { tables: { name: string; rows: number }[] };

/** A refusal with a message for the person running the command. */
export class MoveError extends Error {}

/**
 * Copies an embedded installation (the PGlite database in `dataDir`) into an empty PostgreSQL database:
 * both are migrated to this version's schema first, then every table of the `public` schema is copied
 * row for row, in batches, in one transaction on the target with its triggers and foreign-key checks
 * off (the rows are the source's own, already consistent; no live events are announced), and the counts
 * compared before it commits. The job queue's schema is not copied: the first start on PostgreSQL
 * installs it, and the sweeps send whatever mail and notices were still waiting.
 */
export async function moveToPostgres(opts: {
  dataDir: string;
  url: string;
  log?: (line: string) => void;
}): Promise<TMoveReport> {
  const log = opts.log ?? (() => {});
  const dataDir = resolve(opts.dataDir);
  if (!existsSync(join(dataDir, "pglite"))) {
    throw new MoveError(`No embedded database in ${dataDir} (the folder has no pglite/ inside).`);
  }
  // Refuses while a server runs on the folder: the copy must not miss what it writes meanwhile.
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    throw new MoveError(`${(err as Error).message} Stop the server first.`);
  }
  let source: TDatabase | null = null;
  const target = openPostgres(opts.url, 2, { applicationName: "leadpost-move" });
  try {
    source = await openPglite(dataDir);
    await runMigrations(source);
    try {
      await runMigrations(target);
    } catch (err) {
      throw new MoveError(`Could not prepare the PostgreSQL database: ${(err as Error).message}`);
    }
    const tables = await publicTables(source);
    for (const name of tables) {
      const [row] = await queryRows(
        target.db,
        rowOf({ n: col.number }),
        sql`select count(*)::int as n from ${ident(name)}`,
      );
      if (Number(row?.n) > 0) {
        throw new MoveError(
          `The PostgreSQL database is not empty: table ${name} has rows. Move into a new, empty database.`,
        );
      }
    }
    const report = await copyTables(source, target, tables, log);
    return report;
  } finally {
    await source?.close().catch(() => {});
    await target.close().catch(() => {});
    release();
  }
}

async function publicTables(db: TDatabase): Promise<string[]> {
  const rows = await queryRows(
    db.db,
    rowOf({ name: col.text }),
    sql`select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

async function copyTables(
  source: TDatabase,
  target: TDatabase,
  tables: string[],
  log: (line: string) => void,
): Promise<TMoveReport> {
  const report: TMoveReport = { tables: [] };
  await target.withExclusiveLock("leadpost:move", async (db) => {
    await db.transaction(async (tx) => {
      try {
        // Foreign keys and triggers off for this transaction's session: the rows arrive table by table.
        await tx.execute(sql`set local session_replication_role = replica`);
      } catch (err) {
        throw new MoveError(
          "The PostgreSQL user may not set session_replication_role (needed to load the rows with their " +
            "foreign keys in any order). Run the command as the database owner with superuser rights, or " +
            `GRANT SET ON PARAMETER session_replication_role TO that user. (${(err as Error).message})`,
        );
      }
      for (const name of tables) {
        const columns = await copyableColumns(source, name);
        const list = sql.raw(columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(", "));
        let copied = 0;
        let after: string | null = null;
        for (;;) {
          // Keyset paging on the physical row address: each batch continues where the last one ended.
          const rows: { ctid: string; row: string }[] = await queryRows(
            source.db,
            rowOf({ ctid: col.text, row: col.text }),
            sql`select ctid::text as ctid, row_to_json(t)::text as row from ${ident(name)} t
                 ${after ? sql`where ctid > ${after}::tid` : sql``}
                 order by ctid limit ${BATCH}`,
          );
          if (rows.length === 0) break;
          const json = `[${rows.map((r) => r.row).join(",")}]`;
          await tx.execute(sql`
            insert into ${ident(name)} (${list})
            select ${list} from json_populate_recordset(null::${ident(name)}, ${json}::json)`);
          copied += rows.length;
          after = rows.at(-1)!.ctid;
          if (rows.length < BATCH) break;
        }
        const [check] = await queryRows(
          tx,
          rowOf({ n: col.number }),
          sql`select count(*)::int as n from ${ident(name)}`,
        );
        if (Number(check?.n) !== copied) {
          throw new MoveError(
            `Table ${name}: ${copied} rows read but ${check?.n} stored; nothing was moved.`,
          );
        }
        report.tables.push({ name, rows: copied });
        if (copied > 0) log(`${name}: ${copied} rows`);
      }
    });
  });
  return report;
}

/** The columns a row can be inserted with (generated columns are computed by the target itself). */
async function copyableColumns(db: TDatabase, table: string): Promise<string[]> {
  const rows = await queryRows(
    db.db,
    rowOf({ name: col.text }),
    sql`select column_name as name from information_schema.columns
         where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
         order by ordinal_position`,
  );
  return rows.map((r) => r.name);
}
