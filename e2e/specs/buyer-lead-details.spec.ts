import { expect, test } from "../fixtures/server";

// Reads only: the demo buyer's bought lead (Carla Jensen) as the seed leaves it.
test("My Leads at 390 px keeps its status tabs on one line above the search, and a lead's details show each label once", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  await page.getByRole("tab", { name: "Lead Buyer" }).click();
  const form = page.getByRole("form", { name: "Lead buyer sign in" });
  await form.getByLabel("Email").fill("buyer@leadpost.test");
  await form.getByLabel("Password", { exact: true }).fill("Leadpost!2026");
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/buyer\/dashboard$/);

  await page.goto("/buyer/my-leads");
  const row = page.getByTestId("my-lead-row").filter({ hasText: "Carla Jensen" });
  await expect(row).toBeVisible();
  const tabs = (await page.getByRole("tablist").boundingBox())!;
  const search = (await page.getByRole("textbox", { name: /Search name/ }).boundingBox())!;
  expect(tabs.y + tabs.height).toBeLessThanOrEqual(search.y);
  // One row of tabs (a tab is about 30 px high), scrolled sideways rather than wrapped.
  expect(tabs.height).toBeLessThan(45);
  expect(tabs.width).toBeLessThanOrEqual(390);

  await row.getByRole("button", { name: "Details" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const labels = (await dialog.locator("dt").allInnerTexts()).map((l) => l.trim().toLowerCase());
  expect(labels.length).toBeGreaterThan(3);
  expect(new Set(labels).size).toBe(labels.length);
  const text = await dialog.innerText();
  expect(text.split("carla.jensen@example.com")).toHaveLength(2);
  await expect(dialog.getByRole("link", { name: "carla.jensen@example.com" })).toHaveAttribute(
    "href",
    "mailto:carla.jensen@example.com",
  );
});
