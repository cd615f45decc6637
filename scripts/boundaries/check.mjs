// The boundaries check over the whole import graph: each file belongs to a part (a server module, a
// server layer, a web feature, shared code), and each import must be one the module map allows.
import { importEdges } from "./graph.mjs";
import * as realMap from "./map.mjs";

/** The part a repository path belongs to, or null for a package. */
const PARTS = [
  [/^apps\/server\/src\/modules\/([^/]+)\//, (m) => `module:${m[1]}`],
  [/^apps\/server\/src\/db\/seed\//, () => "server:seed"],
  [/^apps\/server\/src\/([^/]+)\//, (m) => `server:${m[1]}`],
  [/^apps\/server\/src\/(app-types|ports)\.ts$/, () => "server:ports"],
  [/^apps\/server\/src\//, () => "server:app"],
  [/^apps\/web\/src\/features\/([^/]+)\//, (m) => `feature:${m[1]}`],
  [/^apps\/web\/src\/components\//, () => "web:ui"],
  [/^apps\/web\/src\/([^/]+)\//, (m) => `web:${m[1]}`],
  [/^apps\/web\/src\//, () => "web:app"],
  [/^packages\/shared\//, () => "shared"],
];

/** The part a repository path belongs to, or null for a package. */
export function partOf(path) {
  if (path.startsWith("pkg:")) return null;
  for (const [pattern, name] of PARTS) {
    const m = path.match(pattern);
    if (m) return name(m);
  }
  return `outside:${path}`;
}

const isTest = (path) => /\.test\.tsx?$/.test(path) || path.includes("/test/");
const matches = (pattern, part) =>
  pattern === part || (pattern.endsWith(":*") && part.startsWith(pattern.slice(0, -1)));

function allowedFor(part, map) {
  if (part.startsWith("module:")) {
    const own = map.SERVER_MODULES[part.slice("module:".length)];
    if (!own) return null;
    return [...map.SERVER_MODULE_BASE, ...own.map((m) => `module:${m}`)];
  }
  if (map.LAYERS[part]) return map.LAYERS[part];
  if (part.startsWith("feature:")) return map.LAYERS["feature:*"] ?? null;
  return null;
}

/** The imports the map does not allow: { from, to, specifier, why }. */
export function boundaryViolations(root, map = realMap) {
  const violations = [];
  for (const edge of importEdges(root)) {
    const from = partOf(edge.from);
    const to = partOf(edge.to);
    if (to === null || from === to) continue;
    const why = (text) => violations.push({ ...edge, why: text });
    if (to.startsWith("outside:")) {
      why(`imports a file outside the source trees (${edge.to})`);
      continue;
    }
    const allowed = allowedFor(from, map);
    if (allowed === null) {
      why(`${from} is not in the module map (scripts/boundaries/map.mjs)`);
      continue;
    }
    const ok = allowed.some((p) => matches(p, to)) || (to === "web:test" && isTest(edge.from));
    if (!ok) {
      why(`${from} may not import ${to} (scripts/boundaries/map.mjs)`);
      continue;
    }
    if (to.startsWith("module:") && !/^apps\/server\/src\/modules\/[^/]+\/index\.ts$/.test(edge.to)) {
      why(`another module is imported only through its index.ts (${to.slice(7)}), not ${edge.to}`);
    }
    if (to.startsWith("module:") && !map.SERVER_MODULES[to.slice(7)]) {
      why(`${to} is not in the module map (scripts/boundaries/map.mjs)`);
    }
  }
  return violations;
}
