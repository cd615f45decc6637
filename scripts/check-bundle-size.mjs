// Fails the build when any route's JavaScript (gzip KiB, everything a browser downloads until the page is
// idle: bench/bundle-size.mjs) passes its budget. Every route of the app's router is measured, so a new
// screen is held to the budget without being listed here.
import { formatRoutes, measureRoutes } from "../bench/bundle-size.mjs";
import { BUDGET_KIB, budgetOf, overBudget } from "./bundle-budget.mjs";

const figures = await measureRoutes();
const over = overBudget(figures);
for (const line of formatRoutes(figures, budgetOf)) console.log(line);
console.log(`✔ within ${BUDGET_KIB} KiB (or the page's own budget), ✖ over it: the build fails`);
if (over.length > 0) {
  for (const f of over) console.error(`✖ ${f.path}: ${f.gzipKb} KiB gzip, budget ${budgetOf(f.path)} KiB`);
  console.error(
    "A route's JavaScript is over its budget (scripts/check-bundle-size.mjs, bench/bundle-size.mjs).",
  );
  process.exit(1);
}
