// npm run check:boundaries — every import must be one the module map (scripts/boundaries/map.mjs)
// allows, and docs/architecture.md's generated tables must be current.
// npm run docs:architecture (--write) — regenerates those tables.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  DOC_PATH,
  missingPlaces,
  modulesWithoutPurpose,
  renderModuleTables,
  withCurrentTables,
} from "./boundaries/architecture-doc.mjs";
import { boundaryViolations } from "./boundaries/check.mjs";

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..");
const problems = boundaryViolations(root).map((v) => `${v.from}: "${v.specifier}" — ${v.why}`);
problems.push(
  ...modulesWithoutPurpose(root).map(
    (m) => `modules/${m}/index.ts does not say what the module is for (a first comment)`,
  ),
);
problems.push(
  ...missingPlaces(root).map((p) => `map.mjs WHERE_THINGS_LIVE names ${p}, which does not exist`),
);

const docPath = join(root, DOC_PATH);
const doc = readFileSync(docPath, "utf8");
const current = withCurrentTables(doc, renderModuleTables(root));
if (process.argv.includes("--write")) {
  writeFileSync(docPath, current);
  console.log(`${DOC_PATH}: module tables written`);
} else if (current !== doc) {
  problems.push(`${DOC_PATH}'s module tables are out of date: run npm run docs:architecture`);
}

if (problems.length) {
  console.error(`✖ module boundaries:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(
  "✔ module boundaries: every import is one the module map allows; the architecture tables are current",
);
