// docs/architecture.md's generated tables: where each capability lives, and each server module's
// purpose, public face and imports, read from its index.ts and the import graph.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { partOf } from "./check.mjs";
import { importEdges } from "./graph.mjs";
import * as realMap from "./map.mjs";

export const DOC_PATH = "docs/architecture.md";
const START = "<!-- generated:module-tables (npm run docs:architecture) -->";
const END = "<!-- /generated:module-tables -->";

/** The first comment of an index.ts, as one line. */
function purposeOf(text) {
  const block = text.match(/^\s*\/\*\*([\s\S]*?)\*\//);
  const lines = text.match(/^(?:\s*\/\/.*\n)+/);
  const raw = block ? block[1].replace(/^\s*\* ?/gm, "") : lines ? lines[0].replace(/^\s*\/\/ ?/gm, "") : "";
  return raw.replace(/\s+/g, " ").trim();
}

/** The names an index.ts exports (`export { a, type B } from`, `export * as NS from`, declarations). */
function exportsOf(text) {
  const names = [];
  for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.push(name);
    }
  }
  for (const m of text.matchAll(/export\s+\*\s+as\s+(\w+)/g)) names.push(m[1]);
  for (const m of text.matchAll(/export\s+(?:async\s+)?(?:function|const|class|type|interface)\s+(\w+)/g))
    names.push(m[1]);
  return names;
}

const modulesDir = (root) => join(root, "apps/server/src/modules");
const moduleNames = (root) =>
  readdirSync(modulesDir(root))
    .filter((name) => existsSync(join(modulesDir(root), name, "index.ts")))
    .sort();
const indexText = (root, name) => readFileSync(join(modulesDir(root), name, "index.ts"), "utf8");

/** Modules whose index.ts does not open with a comment saying what the module is for. */
export function modulesWithoutPurpose(root) {
  return moduleNames(root).filter((name) => !purposeOf(indexText(root, name)));
}

export function renderModuleTables(root, map = realMap) {
  const imports = new Map();
  for (const edge of importEdges(root, ["apps/server/src/modules"])) {
    const from = partOf(edge.from);
    const to = partOf(edge.to);
    if (!to?.startsWith("module:") || from === to) continue;
    if (!imports.has(from)) imports.set(from, new Set());
    imports.get(from).add(to.slice("module:".length));
  }
  const rows = moduleNames(root).map((name) => {
    const text = indexText(root, name);
    const face = exportsOf(text)
      .map((n) => `\`${n}\``)
      .join(", ");
    const uses = [...(imports.get(`module:${name}`) ?? [])].sort().join(", ") || "—";
    return `| ${name} | ${purposeOf(text)} | ${face} | ${uses} |`;
  });
  const where = map.WHERE_THINGS_LIVE.map(([what, path]) => `| ${what} | \`${path}\` |`);
  return [
    START,
    "Where things live:",
    "",
    "| capability | where |",
    "| --- | --- |",
    ...where,
    "",
    "Server modules, what each is for, its public face (index.ts) and the modules it imports:",
    "",
    "| module | what it is | public face (index.ts) | imports |",
    "| --- | --- | --- | --- |",
    ...rows,
    END,
  ].join("\n");
}

/** The doc with its generated part replaced by the current one. */
export function withCurrentTables(docText, tables) {
  const start = docText.indexOf(START);
  const end = docText.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`${DOC_PATH} has no generated section (${START})`);
  return docText.slice(0, start) + tables + docText.slice(end + END.length);
}

/** Paths of the "where things live" table that do not exist. */
export function missingPlaces(root, map = realMap) {
  return map.WHERE_THINGS_LIVE.filter(([, path]) => !existsSync(join(root, path))).map(([, path]) => path);
}
