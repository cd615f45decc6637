import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startJobQueue } from "../jobs/queue";
import { createLogger } from "../lib/logger";
import { openPglite } from "./client";
import { runMigrations } from "./migrate";
import { installedPgliteVersion, pgliteTemplateDir, templateInfoFile } from "./pglite-template";

/**
 * Initialises an embedded database once, applies every migration and the job queue's schema, and leaves
 * it at `target` (with its PGlite version beside it) for new data folders to copy.
 */
export async function buildPgliteTemplate(target = pgliteTemplateDir()): Promise<void> {
  const staging = `${target}-building`;
  rmSync(staging, { recursive: true, force: true });
  const database = await openPglite(staging, { templateDir: join(staging, "none") });
  await runMigrations(database);
  const queue = await startJobQueue(database, createLogger("warn"));
  await queue.stop(1000);
  await database.close().catch(() => {}); // the queue may have closed it already
  rmSync(target, { recursive: true, force: true });
  renameSync(join(staging, "pglite"), target);
  rmSync(staging, { recursive: true, force: true });
  writeFileSync(
    templateInfoFile(target),
    JSON.stringify({ pgliteVersion: installedPgliteVersion(), builtAt: new Date().toISOString() }, null, 2),
  );
}
