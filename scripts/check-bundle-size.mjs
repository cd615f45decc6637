// Fails the build when a page's first load grows past its budget (gzip KiB of JavaScript).
// The public form runs on customers' sites: its budget is the goal itself. The app's budgets are
// ratchets at today's size, to be lowered as the app is trimmed (goal: /dashboard 150, /login 110).
import { measureBundles } from "../bench/bundle-size.mjs";

const BUDGETS_KIB = { "/forms/:id": 25, "/dashboard": 250, "/login": 240 };

const sizes = measureBundles();
let failed = false;
for (const [page, budget] of Object.entries(BUDGETS_KIB)) {
  const { gzipKb } = sizes[page];
  const over = gzipKb > budget;
  failed ||= over;
  console.log(
    `${over ? "✖" : "✔"} ${page.padEnd(11)} ${String(gzipKb).padStart(6)} KiB gzip (budget ${budget})`,
  );
}
if (failed) {
  console.error("A page's first-load JavaScript is over its budget (scripts/check-bundle-size.mjs).");
  process.exit(1);
}
