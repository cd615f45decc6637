import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serverPackageDir } from "../../../lib/paths";
import type { TDniConfig } from "./config";

/** Built by build.mjs with the same options (keep them in sync). */
export const DNI_BUNDLE_FILE = "dist/dni-script.js";
const ENTRY = "src/modules/call-tracking/dni-script/entry.ts";
/** The entry's free variable: the served closure's parameter (entry.ts). */
const CONFIG_PARAMETER = "LEADPOST_DNI_CONFIG";
/**
 * The budget customers' pages pay for the script, gzip bytes with a company's numbers
 * (browser.test.ts holds the served script to it; bench/dni.mjs reports it).
 */
export const DNI_SCRIPT_BUDGET_BYTES = 3072;

let bundle: Promise<string> | null = null;

/**
 * The browser script as one minified function-scoped bundle: from the server build in production, else
 * built from source on first use (development and tests always serve the current code).
 */
function loadBundle(): Promise<string> {
  bundle ??= (async () => {
    const dir = serverPackageDir();
    const built = join(dir, DNI_BUNDLE_FILE);
    if (process.env.NODE_ENV === "production" && existsSync(built)) return readFileSync(built, "utf8");
    try {
      const { build } = await import("esbuild");
      const result = await build({
        entryPoints: [join(dir, ENTRY)],
        bundle: true,
        write: false,
        minify: true,
        format: "iife",
        // Optional chaining and ?? as written (every browser since 2020), not expanded.
        target: "es2020",
        logLevel: "silent",
      });
      return result.outputFiles[0]?.text ?? "";
    } catch {
      return readFileSync(built, "utf8");
    }
  })();
  return bundle;
}

/** JSON that is safe inside a script: no `</script>` and no line separators JavaScript would trip on. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The served script: the bundle and its company's configuration in one closure, no globals left. */
export async function dniScript(config: TDniConfig): Promise<string> {
  return `(function(${CONFIG_PARAMETER}){${await loadBundle()}})(${scriptJson(config)});\n`;
}
