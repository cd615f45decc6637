import { expect, test } from "../fixtures/server";
import { signInAsCompany } from "./auth-helpers";

test("the login page renders with both tabs", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("tab", { name: "Company Owner" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Lead Buyer" })).toBeVisible();
  await expect(page.getByLabel(/email/i).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Create a Company Account/i })).toBeVisible();
});

test("the sign-in page is its own page without React: the app loads it anew, a signed-in user goes home", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/login?tab=buyer");
  await expect(page.getByRole("tab", { name: "Lead Buyer" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("form", { name: "Lead buyer sign in" })).toBeVisible();
  expect(scripts.some((path) => /vendor-(react|router|query|zod)/.test(path))).toBe(false);
  // A protected page while signed out: the app's router sends the browser to /login, loaded anew.
  await page.goto("/dashboard/forms");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("form", { name: "Company sign in" })).toBeVisible();
  expect(await page.evaluate(() => Boolean(document.querySelector('script[src*="/assets/login-"]')))).toBe(
    true,
  );
  await signInAsCompany(page, "owner@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/auth/login");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an unknown path shows the 404 page; a protected page sends a visitor to /login", async ({ page }) => {
  for (const path of ["/no/such/page", "/dashboard/nope", "/buyer/nope"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto("/dashboard/forms");
  await expect(page).toHaveURL(/\/login/);
});

test("the API answers health and the reference page from the same server", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect((await health.json()).database).toMatchObject({ ok: true, kind: "pglite" });
  const docs = await request.get("/api/docs");
  expect(docs.status()).toBe(200);
});

test("a signed-in user also gets the 404 page for unknown app paths", async ({ page, signedInAs }) => {
  await signedInAs("owner");
  for (const path of ["/dashboard/nope", "/buyer/nope"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
  await page.getByRole("link", { name: "Go to the start page" }).click();
  await expect(page).toHaveURL(/\/dashboard|\/$/);
});

test("a missing static file is a 404, not the app's page", async ({ request }) => {
  const asset = await request.get("/assets/x.js");
  expect(asset.status()).toBe(404);
  expect(await asset.text()).not.toContain("<!doctype html>");
  expect((await request.get("/missing.png")).status()).toBe(404);
  expect((await request.get("/dashboard/nope")).status()).toBe(200);
});

test("the theme menu, the collapsed sidebar's tooltips and the phone drawer work though they load on first use", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  await page.goto("/dashboard");

  await page.getByRole("button", { name: /Change theme/ }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.getByRole("button", { name: /Change theme/ }).click();
  await page.getByRole("menuitemradio", { name: "Light" }).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  const nav = page.getByRole("navigation", { name: "Company navigation" });
  await page.getByRole("button", { name: "Toggle sidebar" }).first().click();
  // The tooltips' code loads when the sidebar collapses; a hover that came first needs the pointer to re-enter.
  await expect(async () => {
    await page.mouse.move(700, 500);
    await nav.locator('a[href="/dashboard/leads"]').hover();
    await expect(page.getByRole("tooltip", { name: "Leads" })).toBeVisible({ timeout: 2000 });
  }).toPass();
  await page.getByRole("button", { name: "Toggle sidebar" }).first().click();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Toggle sidebar" }).first().click();
  const drawer = page.getByRole("dialog", { name: "Company navigation" });
  await drawer.getByRole("link", { name: "Leads" }).click();
  await expect(page).toHaveURL(/\/dashboard\/leads$/);
  await expect(drawer).toBeHidden();
});
