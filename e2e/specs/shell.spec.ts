import { expect, test } from "../fixtures/server";

test("the login page renders with both tabs", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("tab", { name: "Company Owner" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Lead Buyer" })).toBeVisible();
  await expect(page.getByLabel(/email/i).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Create a Company Account/i })).toBeVisible();
});

test("an unknown path and a protected page send a visitor to /login", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/login$/);
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
