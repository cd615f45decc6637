import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serverPackageDir } from "./paths";

/** The build stamps dist/build-info.json; a source run reports the package version with "-dev". */
export function readVersion(): { version: string; builtAt: string } {
  const dir = serverPackageDir();
  const buildInfo = join(dir, "dist", "build-info.json");
  if (existsSync(buildInfo)) return JSON.parse(readFileSync(buildInfo, "utf8"));
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string };
  return { version: `${pkg.version}-dev`, builtAt: new Date().toISOString() };
}
