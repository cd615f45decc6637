import { expect, test } from "../fixtures/server";

test("a member's navigation holds no link to a page that only refuses it", async ({ page, signedInAs }) => {
  await signedInAs("member");
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "Leads" })).toBeVisible();
  for (const name of ["Email", "Settings", "Preferences", "Auth Events", "Credits"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
  }
});

test("a refused setting is named beside its field, and saving again shows one error toast", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  await page.goto("/owner/settings?tab=email");
  const field = page.getByLabel("Administrator email");
  await field.fill("not-an-email");
  const save = page.getByRole("button", { name: "Save Settings" });
  await save.click();
  await expect(field).toHaveAccessibleDescription(/Enter a valid administrator email/);
  await save.click();
  await expect(page.getByText("Failed to save settings")).toHaveCount(1);
  await field.fill("admin@leadpost.test");
  await expect(field).not.toHaveAccessibleDescription(/Enter a valid administrator email/);
});
