// npm start: build what is missing or out of date, then run the production server.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";
import { root } from "./lib.mjs";

if (!existsSync(join(root, "node_modules"))) {
  console.error("Dependencies are missing. Run: npm install");
  process.exit(1);
}
await buildIfStale();

const port = process.env.PORT || "3000";
const child = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/index.js"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || "development" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

// Once healthy, say where to go and how to sign in; the server's own logs stay JSON for machines.
const url = `http://localhost:${port}`;
for (let i = 0; i < 120; i++) {
  await new Promise((r) => setTimeout(r, 500));
  const ok = await fetch(`${url}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) {
    const db = process.env.DATABASE_URL
      ? "PostgreSQL (DATABASE_URL)"
      : `embedded PGlite in ${process.env.DATA_DIR || "./data"}`;
    console.log(
      `\n  Leadpost is running at ${url}\n  Database: ${db}\n  Demo logins (password Leadpost!2026): owner@leadpost.test, buyer@leadpost.test — see README\n`,
    );
    break;
  }
}
