// Fails the build when any route's JavaScript (gzip KiB, everything a browser downloads until the page is
// idle: bench/bundle-size.mjs) passes its budget. Every route of the app's router is measured, so a new
// screen is held to the budget without being listed here.
import { formatRoutes, measureRoutes } from "../bench/bundle-size.mjs";

/** The goal for every route. */
const BUDGET_KIB = 150;
/** Pages held to a tighter goal: the public form and the sign-in page (pages of their own). */
const OWN_BUDGETS_KIB = { "/forms/:id": 25, "/login": 110, "/auth/login": 110 };

const figures = await measureRoutes();
const budgetOf = (path) => OWN_BUDGETS_KIB[path] ?? BUDGET_KIB;
const over = figures.filter((f) => f.gzipKb > budgetOf(f.path));
for (const line of formatRoutes(figures, budgetOf)) console.log(line);
console.log(`✔ within ${BUDGET_KIB} KiB (or the page's own budget), ✖ over it: the build fails`);
if (over.length > 0) {
  for (const f of over) console.error(`✖ ${f.path}: ${f.gzipKb} KiB gzip, budget ${budgetOf(f.path)} KiB`);
  console.error(
    "A route's JavaScript is over its budget (scripts/check-bundle-size.mjs, bench/bundle-size.mjs).",
  );
  process.exit(1);
}
