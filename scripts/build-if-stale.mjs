// Builds the web app and the server only when their sources are newer than the last build.
import { isStale, run } from "./lib.mjs";

const SHARED = ["packages/shared/src", "package-lock.json"];
const targets = [
  {
    name: "web",
    output: "apps/web/dist/index.html",
    sources: [
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/form.html",
      "apps/web/vite.config.ts",
      "apps/web/public",
      ...SHARED,
    ],
    workspace: "@leadpost/web",
  },
  {
    name: "server",
    output: "apps/server/dist/index.js",
    sources: ["apps/server/src", "apps/server/drizzle", "apps/server/db", "apps/server/build.mjs", ...SHARED],
    workspace: "@leadpost/server",
  },
];

/** `only`: the names of the targets to consider (default all). */
export async function buildIfStale({ force = false, only = null } = {}) {
  for (const t of targets) {
    if (only && !only.includes(t.name)) continue;
    if (!force && !isStale(t.output, t.sources)) continue;
    console.log(`[leadpost] building ${t.name}…`);
    const code = await run("npm", ["run", "build", "-w", t.workspace]);
    if (code !== 0) {
      console.error(`[leadpost] ${t.name} build failed`);
      process.exit(code);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv
    .find((a) => a.startsWith("--only="))
    ?.slice("--only=".length)
    .split(",");
  await buildIfStale({ force: process.argv.includes("--force"), only: only ?? null });
}
