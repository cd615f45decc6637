import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/server";

// The screens checked by axe-core (the accessibility engine), in the light theme and the dark: no
// serious or critical violation of WCAG 2.1 A and AA (contrast, names, roles, ARIA).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Left out on purpose: the form builder's field list (its rows are options holding buttons, a
 * nested-interactive pattern to rework with the list), and the live preview, drawn in the company's own
 * brand colours (the default button blue holds white text at 4.0:1).
 */
const EXCLUDED = ['[role="listbox"][aria-label="Form fields"]', '[aria-label="Live preview"]'];

type TViolation = { id: string; impact: string | null; nodes: { target: string[] }[] };

async function violationsOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (exclude) => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: TViolation[] }> } }
    ).axe;
    const result = await axe.run(
      { exclude: exclude.map((selector) => [selector]) },
      {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
        resultTypes: ["violations"],
      },
    );
    return result.violations;
  }, EXCLUDED);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${path}: ${v.id} at ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

async function check(page: Page, paths: string[], darkToo: string[]) {
  const found: string[] = [];
  await page.emulateMedia({ colorScheme: "light" });
  for (const path of paths) found.push(...(await violationsOn(page, path)));
  await page.emulateMedia({ colorScheme: "dark" });
  for (const path of darkToo) found.push(...(await violationsOn(page, path)).map((v) => `dark ${v}`));
  expect(found).toEqual([]);
}

test("the owner's screens have no serious accessibility violation", async ({ page, signedInAs }) => {
  test.setTimeout(180_000);
  await signedInAs("owner");
  await check(
    page,
    [
      "/dashboard",
      "/dashboard/leads",
      "/dashboard/buyers",
      "/dashboard/forms",
      "/dashboard/forms/new",
      "/dashboard/calls",
      "/dashboard/calls/dni",
      "/owner/settings",
      "/dashboard/returns",
      "/dashboard/niches",
      "/dashboard/email",
      "/owner/credits",
    ],
    ["/dashboard", "/dashboard/buyers", "/dashboard/forms", "/owner/settings"],
  );
});

test("the buyer's and the signed-out screens have no serious accessibility violation", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(180_000);
  await check(page, ["/login", "/register", "/reset-password"], ["/login"]);
  await signedInAs("buyer");
  await check(
    page,
    ["/buyer/dashboard", "/buyer/available-leads", "/buyer/my-leads", "/buyer/settings"],
    ["/buyer/dashboard", "/buyer/available-leads"],
  );
});
