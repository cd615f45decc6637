import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** apps/server, whether running from src/ under tsx or from the dist/ bundle. */
export function serverPackageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("Cannot locate apps/server/package.json");
    dir = parent;
  }
  return dir;
}

export const migrationsDir = () => join(serverPackageDir(), "drizzle");
/** The current definition of every database function and its triggers, one file each (db/functions.ts). */
export const functionsDir = () => join(serverPackageDir(), "db", "functions");
export const defaultWebDistDir = () => resolve(serverPackageDir(), "../web/dist");
