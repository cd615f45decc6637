import type { Page } from "@playwright/test";
import { expect, type TSignedInAs, test } from "../fixtures/server";

/** The owner on Company Settings' Email tab with a wrong administrator e-mail typed in; answers that field. */
async function ownerWithWrongAdminEmail(page: Page, signedInAs: TSignedInAs) {
  await signedInAs("owner");
  await page.goto("/owner/settings?tab=email");
  const field = page.getByLabel("Administrator email");
  await field.fill("not-an-email");
  return field;
}

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
  const field = await ownerWithWrongAdminEmail(page, signedInAs);
  const save = page.getByRole("button", { name: "Save Settings" });
  await save.click();
  await expect(field).toHaveAccessibleDescription(/Enter a valid administrator email/);
  // The second refusal, counted once it has come back: its toast replaces the first.
  const refused = page.waitForResponse(
    (r) => r.url().endsWith("/api/settings/company") && r.request().method() === "PUT",
  );
  await save.click();
  expect((await refused).status()).toBe(422);
  await expect(save).toHaveText("Save Settings");
  await expect(page.getByText("Failed to save settings")).toHaveCount(1);
  await field.fill("admin@leadpost.test");
  await expect(field).not.toHaveAccessibleDescription(/Enter a valid administrator email/);
});

test("a refusal arriving after the user changed the field is not shown beside the new value", async ({
  page,
  signedInAs,
}) => {
  const field = await ownerWithWrongAdminEmail(page, signedInAs);
  // The save's answer is held until the user has typed a good address.
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route("**/api/settings/company", async (route) => {
    if (route.request().method() !== "PUT") return route.fallback();
    await held;
    await route.fallback();
  });
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("button", { name: "Saving…" })).toBeVisible();
  await field.fill("admin@leadpost.test");
  answer();
  await expect(page.getByText("Failed to save settings")).toBeVisible();
  await expect(field).not.toHaveAccessibleDescription(/Enter a valid administrator email/);
  await expect(field).toHaveValue("admin@leadpost.test");
});
