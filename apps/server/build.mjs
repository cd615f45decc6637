// Bundles the server into dist/index.js (with its dependencies, but for a few kept in node_modules) and stamps the version.
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

/**
 * Packages the server bundle still loads from node_modules: files they read beside their own code
 * (PGlite's WebAssembly and data, swagger-ui's assets), a native addon (argon2), worker threads (pino's
 * transports), the zip table required lazily after listening, and what only development loads (esbuild).
 */
const KEEP_EXTERNAL = [
  "@electric-sql/pglite",
  "@node-rs/argon2",
  "swagger-ui-dist",
  "pino",
  "zipcodes",
  "esbuild",
  "pg-native",
];

/**
 * Packages imported only on first use, by `import()`: kept out of the bundle, or every start parses them
 * with it. The twilio package's index is its REST client (some 1,400 modules, 8 of the bundle's 14 MB);
 * the webhook and TwiML modules the server imports at start are bundled (their own subpaths).
 */
const LOADED_ON_FIRST_USE = ["twilio"];

/**
 * Every other dependency is bundled into dist/index.js: loading one file instead of some thousand
 * ES modules from node_modules is most of a start on an existing data folder (bench/README.md "Start-up").
 */
const bundleDependencies = {
  name: "bundle-dependencies",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:") || LOADED_ON_FIRST_USE.includes(args.path)) {
        return { path: args.path, external: true };
      }
      const keep = KEEP_EXTERNAL.some((k) => args.path === k || args.path.startsWith(`${k}/`));
      return keep ? { path: args.path, external: true } : undefined;
    });
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
  // Bundled CommonJS packages require Node's built-ins: give the ES module bundle a `require`.
  banner: {
    js: 'import { createRequire as createRequireForBundle } from "node:module"; const require = createRequireForBundle(import.meta.url);',
  },
  plugins: [bundleDependencies],
  logLevel: "warning",
});

// The call-tracking script customers paste: one small browser bundle, served with each company's numbers
// (same options as src/modules/call-tracking/dni-script/bundle.ts, which builds it on the fly in development).
await build({
  entryPoints: ["src/modules/call-tracking/dni-script/entry.ts"],
  outfile: "dist/dni-script.js",
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
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
