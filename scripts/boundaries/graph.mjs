// The import graph of the source trees, read as text: every `import … from`, `export … from`,
// `import "…"` and `import("…")`, resolved to a file of the tree (or left as a package name).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const SOURCE_ROOTS = ["apps/server/src", "apps/web/src", "packages/shared/src"];
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];
const IMPORT =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function walk(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(m?ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function resolveFile(base) {
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => join(base, `index${e}`)),
  ];
  // "./x.js" written for a TypeScript file.
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.m?js$/, ".ts"), base.replace(/\.m?js$/, ".tsx"));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** A specifier as a repository path (`apps/…`), or `pkg:name` for a package. */
function target(root, fromFile, specifier) {
  let base = null;
  if (specifier.startsWith(".")) base = resolve(dirname(fromFile), specifier);
  else if (specifier.startsWith("@/") && relative(root, fromFile).startsWith("apps/web/"))
    base = join(root, "apps/web/src", specifier.slice(2));
  else if (specifier === "@leadpost/shared" || specifier.startsWith("@leadpost/shared/"))
    base = join(root, "packages/shared/src", specifier.slice("@leadpost/shared".length) || "index");
  if (base === null)
    return `pkg:${specifier
      .split("/")
      .slice(0, specifier.startsWith("@") ? 2 : 1)
      .join("/")}`;
  const file = resolveFile(base);
  return file ? relative(root, file) : relative(root, base);
}

/** Every import edge of the trees under `root`: { from, to, specifier }. Comments are skipped. */
export function importEdges(root, roots = SOURCE_ROOTS) {
  const edges = [];
  for (const dir of roots) {
    for (const file of walk(join(root, dir), [])) {
      const text = readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2];
        edges.push({ from: relative(root, file), to: target(root, file, specifier), specifier });
      }
    }
  }
  return edges;
}
