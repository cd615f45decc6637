import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { serverPackageDir } from "../lib/paths";

/**
 * A new data folder starts from a copy of an embedded database that the build already initialised and
 * migrated (`dist/pglite-template`, made by build-pglite-template.ts), instead of running initdb (4–6 s)
 * and every migration on the user's first start.
 */
export const pgliteTemplateDir = () => join(serverPackageDir(), "dist", "pglite-template");

/** The installed PGlite's version: a template is only used by the PGlite that wrote it. */
export function installedPgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve("@electric-sql/pglite");
  let dir = dirname(entry);
  while (!existsSync(join(dir, "package.json"))) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
}

export const templateInfoFile = (templateDir: string) => `${templateDir}.json`;

/** The template's PGlite version, or null when there is no usable template. */
function templateVersion(templateDir: string): string | null {
  if (!existsSync(join(templateDir, "PG_VERSION"))) return null;
  try {
    return JSON.parse(readFileSync(templateInfoFile(templateDir), "utf8")).pgliteVersion ?? null;
  } catch {
    return null;
  }
}

const holdsNothing = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Copies the template into `dir` when `dir` holds no database yet and the template was written by the
 * installed PGlite; returns whether it did. An existing database (or a folder with anything in it) is
 * left alone. The copy goes to a sibling folder first and is renamed into place, so a start killed
 * mid-copy leaves no half database behind.
 */
export function copyTemplateIfNew(
  dir: string,
  templateDir = pgliteTemplateDir(),
  pgliteVersion = installedPgliteVersion(),
): boolean {
  if (!holdsNothing(dir)) return false;
  if (templateVersion(templateDir) !== pgliteVersion) return false;
  const staging = `${dir}.copying-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(templateDir, staging, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return true;
}
