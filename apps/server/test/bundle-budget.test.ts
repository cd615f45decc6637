import { describe, expect, it } from "vitest";
import { overBudget } from "../../../scripts/bundle-budget.mjs";

// Issue 26: the web build fails when any route's JavaScript passes 150 KiB gzip (scripts/check-bundle-size.mjs
// measures every route of the router and fails on what overBudget answers).
describe("route JavaScript budgets", () => {
  it("refuses any route past 150 KiB, a new one included, and holds no route above it", () => {
    const figures = [
      { path: "/dashboard", gzipKb: 150 },
      { path: "/dashboard/forms/new", gzipKb: 150.1 },
      { path: "/a-screen-added-tomorrow", gzipKb: 151 },
      { path: "/buyer/dashboard", gzipKb: 146.3 },
    ];
    expect(overBudget(figures).map((f) => f.path)).toEqual([
      "/dashboard/forms/new",
      "/a-screen-added-tomorrow",
    ]);
  });

  it("holds the public form and the sign-in page to their own, tighter budgets", () => {
    const figures = [
      { path: "/forms/:id", gzipKb: 25.1 },
      { path: "/login", gzipKb: 109.9 },
      { path: "/auth/login", gzipKb: 110.1 },
    ];
    expect(overBudget(figures).map((f) => f.path)).toEqual(["/forms/:id", "/auth/login"]);
  });
});
