// Fails the build when a page's first load grows past its budget (gzip KiB of JavaScript).
// The public form and the dashboard are held to their goals (25 and 150). /login is a ratchet at the
// size reached (its goal is 110, which needs the sign-in pages out of the React app: bench/README.md).
import { measureBundles } from "../bench/bundle-size.mjs";

const BUDGETS_KIB = { "/forms/:id": 25, "/dashboard": 150, "/login": 151 };

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
