// Fails the build when a page's first load grows past its budget (gzip KiB of JavaScript).
// Each page is held to its goal: the public form 25, the dashboard 150, the sign-in page 110 (its own
// page since login.html, bench/README.md).
import { measureBundles } from "../bench/bundle-size.mjs";

const BUDGETS_KIB = { "/forms/:id": 25, "/dashboard": 150, "/login": 110 };

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
