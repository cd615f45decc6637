// The budgets of every route's JavaScript (gzip KiB until the page is idle), read by the web build's
// check (scripts/check-bundle-size.mjs) and its test (apps/server/test/bundle-budget.test.ts).

/** The goal for every route. */
export const BUDGET_KIB = 150;
/** Pages held to a tighter goal: the public form and the sign-in page (pages of their own). */
export const OWN_BUDGETS_KIB = { "/forms/:id": 25, "/login": 110, "/auth/login": 110 };

export const budgetOf = (path) => OWN_BUDGETS_KIB[path] ?? BUDGET_KIB;

/** The routes whose download passes their budget: any one fails the build. */
export const overBudget = (figures) => figures.filter((f) => f.gzipKb > budgetOf(f.path));
