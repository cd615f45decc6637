import type { Page } from "@playwright/test";
import { expect, type TSignedInAs, test } from "../fixtures/server";

/** The demo owner's session, on the dashboard. */
async function openAsOwner(page: Page, signedInAs: TSignedInAs) {
  await signedInAs("owner", page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole("article", { name });

test("adds a niche and a buyer, switches the buyer inactive, archives it, and the niche cannot be deleted", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  await openAsOwner(page, signedInAs);

  // Niches: create one.
  await page.getByRole("link", { name: "Niches", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Niches" })).toBeVisible();
  await page.getByRole("button", { name: "Add Niche" }).click();
  const nicheDialog = page.getByRole("dialog", { name: "Add Niche" });
  await nicheDialog.getByLabel("Name").fill("Gutters");
  await nicheDialog.getByLabel("Price per lead (USD)").fill("35");
  await nicheDialog.getByRole("button", { name: "Add Niche" }).click();
  await expect(page.getByText("Niche created successfully!")).toBeVisible();
  await expect(page.getByRole("row", { name: /Gutters/ })).toContainText("$35.00");

  // Buyers: the form refuses bad input with the spec's texts, then adds the buyer.
  await page.getByRole("link", { name: "Buyers", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Active Buyers" })).toBeVisible();
  await page.getByRole("button", { name: "Add Buyer" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Buyer" });
  await dialog.getByLabel("Contact name").fill("G");
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByRole("button", { name: "Add Buyer" }).click();
  await expect(page.getByText("Please correct the highlighted fields")).toBeVisible();
  await expect(dialog.getByText("Contact name must be at least 2 characters.")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid email address.")).toBeVisible();

  await dialog.getByLabel("Contact name").fill("Gina Gutter");
  await dialog.getByLabel("Company name").fill("Gutter Pros");
  await dialog.getByLabel("Email").fill("gina@gutters.test");
  await dialog.getByLabel("ZIP code").fill("80202");
  await dialog.getByLabel("Service radius (miles)").fill("20");
  await dialog.getByLabel("Niche").click();
  await page.getByRole("option", { name: "Gutters" }).click();
  await dialog.getByLabel("Cost per lead (USD)").fill("35");
  await dialog.getByRole("button", { name: "Add Buyer" }).click();
  await expect(page.getByText("Buyer created successfully!")).toBeVisible();

  const gutters = card(page, "Gutter Pros");
  await expect(gutters).toContainText("Gina Gutter");
  await expect(gutters).toContainText("Denver, CO, 80202");
  await expect(gutters).toContainText("20 miles");
  await expect(gutters).toContainText("$35.00 · 35 credits");
  await expect(gutters.getByText("No Account")).toBeVisible();

  // The switch moves it to Inactive Buyers.
  await gutters.getByRole("button", { expanded: false }).click();
  await expect(gutters).toContainText("gina@gutters.test");
  await gutters.getByRole("switch", { name: "Active" }).click();
  await expect(page.getByText("Gutter Pros moved to Inactive Buyers tab")).toBeVisible();
  await expect(card(page, "Gutter Pros")).toHaveCount(0);
  await page.getByRole("tab", { name: /Inactive Buyers/ }).click();
  await expect(page.getByRole("heading", { name: "Inactive Buyers" })).toBeVisible();
  await expect(card(page, "Gutter Pros")).toBeVisible();

  // Archive needs the exact company name.
  await card(page, "Gutter Pros").getByRole("button", { expanded: false }).click();
  await card(page, "Gutter Pros").getByRole("button", { name: "Delete" }).click();
  const archive = page.getByRole("alertdialog", {
    name: "Archive Gutter Pros? Purchases remain; buyer cannot access.",
  });
  await archive.getByLabel("Company name").fill("gutter pros");
  await archive.getByRole("button", { name: "Archive" }).click();
  await expect(
    archive.getByText("Company name does not match. Please type the exact company name to confirm."),
  ).toBeVisible();
  await archive.getByLabel("Company name").fill("Gutter Pros");
  await archive.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Buyer archived successfully. Purchases remain linked.")).toBeVisible();
  await expect(card(page, "Gutter Pros")).toHaveCount(0);

  // The archived buyer still points at the niche, so it cannot be deleted.
  await page.getByRole("link", { name: "Niches", exact: true }).click();
  await page.getByRole("button", { name: "Delete Gutters" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(
    page.getByText(
      "This niche is used by 1 buyer. Move them to another niche or archive them before deleting it.",
    ),
  ).toBeVisible();
});

test("a prospective buyer applies through the company's link and waits under Pending Buyers", async ({
  page,
  browser,
  server,
  signedInAs,
}) => {
  await signedInAs("owner");
  await page.goto("/dashboard/buyers");
  await page.getByRole("button", { name: "Submit Application" }).click();
  const link = await page.getByRole("textbox", { name: "Application link" }).inputValue();
  expect(link).toMatch(/\/register\?company=[0-9a-f-]{36}$/);

  const visitor = await browser.newContext({ baseURL: server.baseURL });
  const applicant = await visitor.newPage();
  await applicant.goto(new URL(link).pathname + new URL(link).search);
  await expect(applicant.getByText("Apply to receive leads from Summit Home Services.")).toBeVisible();
  await applicant.getByLabel("Your name").fill("Paula Prospect");
  await applicant.getByLabel("Company name").fill("Prospect Roofing");
  await applicant.getByLabel("Email").fill("paula@prospect.test");
  await applicant.getByLabel("ZIP code").fill("80301");
  await applicant.getByLabel("Niche").click();
  await applicant.getByRole("option", { name: "Roofing" }).click();
  await applicant.getByRole("button", { name: "Submit Application" }).click();
  await expect(applicant.getByText("Application submitted.", { exact: false })).toBeVisible();
  await visitor.close();

  await page.keyboard.press("Escape");
  await page.goto("/dashboard/buyers?tab=pending");
  const pending = card(page, "Prospect Roofing");
  await expect(pending).toContainText("Boulder, CO, 80301");
  await expect(pending.getByText("Pending")).toBeVisible();
});
