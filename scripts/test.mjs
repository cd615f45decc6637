// npm test: lint, typecheck, unit + API integration tests, then browser tests in the system Chromium.
// Browser tests are skipped with a loud notice when no Chromium is found, unless E2E_REQUIRED=1.
import { buildIfStale } from "./build-if-stale.mjs";
import { findChromium, run } from "./lib.mjs";

const results = [];
async function step(name, cmd, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const code = await run(cmd, args, { env: { ...process.env, ...env } });
  results.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
  return code === 0;
}

await step("lint", "npx", ["biome", "check", "."]);
await step("typecheck", "npm", ["run", "typecheck", "--silent"]);
await step("unit and API tests", "npx", ["vitest", "run"]);

const chromium = findChromium();
if (chromium) {
  await buildIfStale();
  await step("browser tests", "npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"], {
    CHROME_PATH: chromium,
  });
} else if (process.env.E2E_REQUIRED === "1") {
  console.error(
    "\n✖ E2E_REQUIRED=1 but no Chromium was found (set CHROME_PATH or apt-get install chromium).",
  );
  results.push({ name: "browser tests", ok: false, seconds: 0 });
} else {
  const bar = "!".repeat(78);
  console.warn(
    `\n${bar}\n!! BROWSER TESTS SKIPPED: no Chromium at CHROME_PATH or /usr/bin/chromium.\n!! Install it (apt-get install chromium) to run them; CI requires them.\n${bar}`,
  );
}

console.log("\n━━ summary ━━");
for (const r of results) console.log(`${r.ok ? "✔" : "✖"} ${r.name} (${r.seconds}s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
