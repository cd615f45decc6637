import { expect, test } from "../fixtures/server";

test("old /projects links go to the dashboard when signed in and to sign-in otherwise", async ({
  page,
  signedInAs,
}) => {
  await page.goto("/projects/abc123/settings");
  await expect(page).toHaveURL(/\/login$/);
  // The app's /login route loads the sign-in page of its own; wait for it before navigating again.
  await expect(page.getByRole("form", { name: "Company sign in" })).toBeVisible();
  await signedInAs("owner");
  await page.goto("/projects/abc123");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a member sees no Credits link, is sent home from /owner/credits, and is not offered Delete lead", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("member");
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: "Leads", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Credits", exact: true })).toHaveCount(0);
  await page.goto("/owner/credits");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/leads");
  await page.getByRole("row").nth(1).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").getByText("Routing decisions").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete lead" })).toHaveCount(0);
});

test("leaving the form builder with unsaved changes asks first", async ({ page, signedInAs }) => {
  await signedInAs("owner");
  await page.goto("/dashboard/forms/new");
  await page.getByLabel("Form title").fill("Unsaved form");
  await page.getByRole("link", { name: "Leads", exact: true }).click();
  const prompt = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/dashboard\/forms\/new$/);
  await expect(page.getByLabel("Form title")).toHaveValue("Unsaved form");
  await page.getByRole("link", { name: "Leads", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/dashboard\/leads$/);
});
