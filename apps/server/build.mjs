// Bundles the server into dist/index.js (dependencies stay in node_modules) and stamps the version.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const builtAt = new Date().toISOString();

/** node_modules stay external; the workspace package is TypeScript source, so it is bundled. */
const externalizeDependencies = {
  name: "externalize-dependencies",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@leadpost/") ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: ["src/index.ts"],
  outfile: "dist/index.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  plugins: [externalizeDependencies],
  logLevel: "warning",
});

// The call-tracking script customers paste: one small browser bundle, served with each company's numbers
// (same options as src/modules/call-tracking/dni-script/bundle.ts, which builds it on the fly in development).
await build({
  entryPoints: ["src/modules/call-tracking/dni-script/browser.ts"],
  outfile: "dist/dni-script.js",
  bundle: true,
  minify: true,
  format: "iife",
  globalName: "LeadpostDni",
  target: "es2019",
  logLevel: "warning",
});

mkdirSync("dist", { recursive: true });
const stamp = builtAt.replace(/[-:TZ.]/g, "").slice(0, 14);
writeFileSync(
  "dist/build-info.json",
  JSON.stringify({ version: `${pkg.version}+${stamp}`, builtAt }, null, 2),
);

// New data folders copy this pre-initialised, migrated embedded database instead of running initdb.
await build({
  entryPoints: ["src/db/build-pglite-template.ts"],
  outfile: "dist/build-pglite-template.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  plugins: [externalizeDependencies],
  logLevel: "warning",
});
execFileSync(process.execPath, ["dist/build-pglite-template.js"], { stdio: "inherit" });
rmSync("dist/build-pglite-template.js");
console.log(`server built: dist/index.js (${pkg.version}+${stamp})`);
