import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { boundaryViolations } from "../../../scripts/boundaries/check.mjs";

// The lint rules of docs/architecture.md ("Module map"), proven on throwaway trees that copy the
// repository's biome.json: a tree that keeps the rules passes, one that breaks them fails.
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const biome = join(repoRoot, "node_modules", ".bin", "biome");
const made: string[] = [];

function lintTree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "leadpost-boundaries-"));
  made.push(root);
  copyFileSync(join(repoRoot, "biome.json"), join(root, "biome.json"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = spawnSync(biome, ["lint", "--vcs-enabled=false", "--max-diagnostics=100", "."], {
    cwd: root,
    encoding: "utf8",
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The lines naming a file and the rule that fired on it. */
const findings = (output: string) =>
  output.split("\n").filter((line) => /^apps\/\S+:\d+:\d+ lint\//.test(line));

const allowed = {
  "apps/web/src/features/a/components/page.ts": 'import { own } from "../own";\nexport const page = own;\n',
  "apps/web/src/features/a/own.ts": 'import { shared } from "@/lib/shared";\nexport const own = shared;\n',
  "apps/web/src/lib/shared.ts": "export const shared = 1;\n",
  "apps/server/src/modules/x/index.ts": 'export { xv } from "./service";\n',
  "apps/server/src/modules/x/service.ts":
    'import { helper } from "../../lib/helper";\nexport const xv = helper;\n',
  "apps/server/src/modules/y/index.ts": 'export { yv } from "./service";\n',
  "apps/server/src/modules/y/service.ts": 'import { xv } from "../x";\nexport const yv = xv;\n',
  // A module with parts in folders (like lead-distribution): a part reaches its own sibling parts by
  // file, and other modules through their index.ts only.
  "apps/server/src/modules/z/index.ts": 'export { zv } from "./part/use";\n',
  "apps/server/src/modules/z/part/use.ts":
    'import { helper } from "../../../lib/helper";\nimport { xv } from "../../x";\nimport { other } from "../other/file";\nexport const zv = [helper, xv, other];\n',
  "apps/server/src/modules/z/other/file.ts": "export const other = 1;\n",
  "apps/server/src/lib/helper.ts": "export const helper = 1;\n",
};

afterAll(() => {
  for (const root of made) rmSync(root, { recursive: true, force: true });
});

describe("module boundaries lint", () => {
  it("passes a tree that keeps the module map", () => {
    const { code, output } = lintTree(allowed);
    expect(findings(output)).toEqual([]);
    expect(code).toBe(0);
  });

  it("fails a feature importing another feature's file, by alias or by relative path", () => {
    const { code, output } = lintTree({
      ...allowed,
      "apps/web/src/features/b/api.ts": "export const b = 1;\n",
      "apps/web/src/features/a/components/by-alias.ts":
        'import { b } from "@/features/b/api";\nexport const x = b;\n',
      "apps/web/src/features/a/components/by-path.ts":
        'import { b } from "../../b/api";\nexport const y = b;\n',
      "apps/web/src/lib/uses-feature.ts": 'import { b } from "@/features/b/api";\nexport const z = b;\n',
    });
    expect(code).not.toBe(0);
    const lines = findings(output);
    for (const file of [
      "features/a/components/by-alias.ts",
      "features/a/components/by-path.ts",
      "lib/uses-feature.ts",
    ]) {
      expect(lines.some((l) => l.includes(file) && l.includes("noRestrictedImports"))).toBe(true);
    }
    expect(lines.some((l) => l.includes("features/a/components/page.ts"))).toBe(false);
  });

  it("fails a cycle between two modules", () => {
    const { code, output } = lintTree({
      ...allowed,
      "apps/server/src/modules/x/service.ts": 'import { yv } from "../y";\nexport const xv = () => yv;\n',
    });
    expect(code).not.toBe(0);
    const lines = findings(output);
    expect(lines.some((l) => l.includes("modules/x/service.ts") && l.includes("noImportCycles"))).toBe(true);
    expect(lines.some((l) => l.includes("modules/y/service.ts") && l.includes("noImportCycles"))).toBe(true);
  });

  it("fails a module reaching past another module's index.ts, and the http layer importing a module", () => {
    const { code, output } = lintTree({
      ...allowed,
      "apps/server/src/modules/y/deep.ts": 'import { xv } from "../x/service";\nexport const d = xv;\n',
      "apps/server/src/plugins/guard.ts": 'import { xv } from "../modules/x";\nexport const g = xv;\n',
      "apps/server/src/modules/z/part/deep.ts":
        'import { xv } from "../../x/service";\nexport const d = xv;\n',
    });
    expect(code).not.toBe(0);
    const lines = findings(output);
    expect(lines.some((l) => l.includes("modules/y/deep.ts") && l.includes("noRestrictedImports"))).toBe(
      true,
    );
    expect(lines.some((l) => l.includes("plugins/guard.ts") && l.includes("noRestrictedImports"))).toBe(true);
    expect(lines.some((l) => l.includes("modules/z/part/deep.ts") && l.includes("noRestrictedImports"))).toBe(
      true,
    );
  });
});

// The allowlist over the whole import graph (scripts/boundaries): on the repository itself, and on
// throwaway trees with a small map, one per escape the folder-pattern lint let through.
describe("module map over the whole import graph", () => {
  const map = {
    SERVER_MODULE_BASE: ["shared", "server:lib", "server:plugins"],
    SERVER_MODULES: { x: [], y: ["x"], z: [] },
    LAYERS: {
      shared: [],
      "server:lib": ["shared"],
      "server:plugins": ["shared", "server:lib"],
      "web:lib": ["shared", "web:ui"],
      "web:ui": ["shared", "web:lib"],
      "feature:*": ["shared", "web:lib", "web:ui"],
    },
    WHERE_THINGS_LIVE: [],
  };
  const clean = {
    "apps/server/src/modules/x/index.ts": 'export { xv } from "./service";\n',
    "apps/server/src/modules/x/service.ts":
      'import { helper } from "../../lib/helper";\nexport const xv = helper;\n',
    "apps/server/src/modules/x/sub/deep.ts": "export const deep = 1;\n",
    "apps/server/src/modules/y/index.ts": 'export { yv } from "./service";\n',
    "apps/server/src/modules/y/service.ts": 'import { xv } from "../x";\nexport const yv = xv;\n',
    "apps/server/src/modules/z/index.ts": "export const zv = 1;\n",
    "apps/server/src/lib/helper.ts": 'import { s } from "@leadpost/shared";\nexport const helper = s;\n',
    "apps/web/src/features/b/api.ts": 'import { u } from "@/lib/util";\nexport const b = u;\n',
    "apps/web/src/lib/util.ts": "export const u = 1;\n",
    "apps/web/src/components/ui/button.tsx":
      'import { u } from "../../lib/util";\nexport const button = u;\n',
    "packages/shared/src/index.ts": "export const s = 1;\n",
  };
  const violationsOf = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), "leadpost-graph-"));
    made.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return boundaryViolations(root, map).map((v) => `${v.from}: ${v.why}`);
  };

  it("the repository keeps its map, and its generated architecture tables are current", () => {
    const run = spawnSync(process.execPath, [join(repoRoot, "scripts/check-boundaries.mjs")], {
      encoding: "utf8",
    });
    expect(`${run.stdout}${run.stderr}`).toContain("✔ module boundaries");
    expect(run.status).toBe(0);
  });

  it("passes a tree that keeps the map", () => {
    expect(violationsOf(clean)).toEqual([]);
  });

  it.each([
    [
      "a deeper file of a module reaching past another module's index.ts",
      "apps/server/src/modules/y/sub/deeper.ts",
      'import { xv } from "../../x/service";\nexport const d = xv;\n',
      "only through its index.ts",
    ],
    [
      "a module importing ../x/sub/deep",
      "apps/server/src/modules/y/other.ts",
      'import { deep } from "../x/sub/deep";\nexport const d = deep;\n',
      "only through its index.ts",
    ],
    [
      "a module importing a module its map entry does not list",
      "apps/server/src/modules/z/service.ts",
      'import { xv } from "../x";\nexport const d = xv;\n',
      "module:z may not import module:x",
    ],
    [
      "web lib/ importing a feature by relative path",
      "apps/web/src/lib/uses-feature.ts",
      'import { b } from "../features/b/api";\nexport const d = b;\n',
      "web:lib may not import feature:b",
    ],
    [
      "components/ui importing a feature by relative path",
      "apps/web/src/components/ui/uses-feature.tsx",
      'import { b } from "../../features/b/api";\nexport const d = b;\n',
      "web:ui may not import feature:b",
    ],
    [
      "packages/shared importing the server",
      "packages/shared/src/uses-server.ts",
      'import { helper } from "../../../apps/server/src/lib/helper";\nexport const d = helper;\n',
      "shared may not import server:lib",
    ],
    [
      "the http layer importing a module",
      "apps/server/src/plugins/guard.ts",
      'import { xv } from "../modules/x";\nexport const d = xv;\n',
      "server:plugins may not import module:x",
    ],
    [
      "a part the map does not know",
      "apps/server/src/jobs/register.ts",
      'import { xv } from "../modules/x";\nexport const d = xv;\n',
      "server:jobs is not in the module map",
    ],
  ])("fails %s", (_name, path, text, expected) => {
    const found = violationsOf({ ...clean, [path]: text });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(path);
    expect(found[0]).toContain(expected);
  });
});
