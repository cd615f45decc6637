import type { Page } from "@playwright/test";
import { expect, type TSignedInAs, test } from "../fixtures/server";

// Spends the demo buyer's credits and previews: a database of its own.
test.use({ dataSet: "buyer-portal" });

// The demo buyer (seed, routed by the real routing): 110 credits after buying one lead (Carla Jensen) and
// three roofing previews (Tom Becker in Denver, Aisha Noor in Boulder, Nina Flores in Aurora). Aisha Noor
// also went to Peak Roofers on its prepaid package, so one of her two slots is sold. The tests run in
// order on one server.

/**
 * The demo buyer's session, on its dashboard, scrolled to the newest previews (below the caps card: the
 * board loads when it comes into view, as a user scrolling down to it).
 */
async function openAsDemoBuyer(page: Page, signedInAs: TSignedInAs) {
  await signedInAs("buyer", page);
  await page.goto("/buyer/dashboard");
  await expect(page.getByText("Lead caps", { exact: true })).toBeVisible();
  await page.getByRole("heading", { name: "Newest Lead Previews" }).scrollIntoViewIfNeeded();
}

const stat = (page: Page, title: string) => page.getByTestId(`stat-${title}`);

test.describe.configure({ mode: "serial" });

test("the demo buyer sees its dashboard, buys a preview on Available Leads, and works My Leads", async ({
  page,
  signedInAs,
}) => {
  await openAsDemoBuyer(page, signedInAs);
  await expect(page.getByText("Welcome back, Ben Buyer!")).toBeVisible();
  await expect(page.getByText("Active Buyer")).toBeVisible();
  await expect(page.getByText("No Package")).toBeVisible();
  await expect(stat(page, "Full Access Leads")).toHaveText("1");
  await expect(stat(page, "Available Previews")).toHaveText("3");
  await expect(stat(page, "Organization Credits")).toHaveText("110");
  await expect(page.getByTestId("preview-card")).toHaveCount(3);
  // A preview never shows who the lead is.
  await expect(page.getByText("Tom Becker")).toHaveCount(0);

  await page.getByRole("link", { name: "Available Leads" }).first().click();
  await expect(page).toHaveURL(/\/buyer\/available-leads$/);
  await expect(page.getByTestId("preview-card")).toHaveCount(3);
  await expect(page.getByText("0 of 2 slots sold").first()).toBeVisible();
  await page.getByRole("textbox", { name: "Search city, zip or service" }).fill("Boulder");
  await expect(page.getByTestId("preview-card")).toHaveCount(1);

  await page.getByRole("button", { name: "Purchase Lead" }).click();
  const dialog = page.getByRole("dialog", { name: "Purchase Lead" });
  await expect(dialog.getByTestId("sold-counter")).toHaveText("1 of 2 slots sold");
  await expect(dialog.getByText("Only 1 slot left!")).toBeVisible();
  await expect(dialog.getByTestId("current-balance")).toHaveText("110 credits");
  await expect(dialog.getByTestId("new-balance")).toHaveText("70 credits");
  await expect(dialog.getByRole("button", { name: "Unlock for 40 credits" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Purchase it: the last slot, 40 credits, and the lead moves to My Leads with its contact details.
  await page.getByRole("button", { name: "Purchase Lead" }).click();
  await dialog.getByRole("button", { name: "Unlock for 40 credits" }).click();
  await expect(page.getByText("Lead Purchased")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Organization Credits: 70")).toBeVisible();
  await expect(page.getByText("No leads match these filters")).toBeVisible();

  await page.getByRole("link", { name: "My Leads" }).first().click();
  const rows = page.getByTestId("my-lead-row");
  await expect(rows).toHaveCount(2);
  const bought = rows.filter({ hasText: "Aisha Noor" });
  await expect(bought).toContainText("aisha.noor@example.com");
  await expect(bought).toContainText("(720) 555-0103");
  const row = rows.filter({ hasText: "Carla Jensen" });
  await expect(row).toContainText("carla.jensen@example.com");
  await expect(row).toContainText("(303) 555-0101");

  await row.getByRole("combobox", { name: "CRM status of Carla Jensen" }).click();
  await page.getByRole("option", { name: "Contacted" }).click();
  await expect(page.getByText("Status set to Contacted")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "CRM status of Carla Jensen" })).toHaveText("Contacted");
  await expect(page.getByRole("tab", { name: "Contacted (1)" })).toBeVisible();
});

test("the demo buyer deletes a preview after confirming, and bulk deletes with select-all", async ({
  page,
  signedInAs,
}) => {
  await openAsDemoBuyer(page, signedInAs);
  // After the purchase above: one full-access lead more, one preview fewer, 40 credits less.
  await expect(stat(page, "Full Access Leads")).toHaveText("2");
  await expect(stat(page, "Organization Credits")).toHaveText("70");
  await expect(page.getByTestId("preview-card")).toHaveCount(2);

  await page.getByRole("button", { name: /^Delete Roof repair in Aurora/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this lead?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("preview-card")).toHaveCount(2);

  await page.getByRole("button", { name: /^Delete Roof repair in Aurora/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Lead deleted successfully")).toBeVisible();
  await expect(page.getByTestId("preview-card")).toHaveCount(1);
  await expect(stat(page, "Available Previews")).toHaveText("1");

  await page.getByRole("checkbox", { name: "Select all" }).click();
  await page.getByRole("button", { name: "Delete selected (1)" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete this lead?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("No lead previews yet")).toBeVisible();
  await expect(stat(page, "Available Previews")).toHaveText("0");
});

test("a profile change in one tab reaches the dashboard open in another over the live event stream", async ({
  page,
  context,
  signedInAs,
}) => {
  await openAsDemoBuyer(page, signedInAs);
  await expect(page.getByText("Welcome back, Ben Buyer!")).toBeVisible();

  const other = await context.newPage();
  await other.goto("/buyer/settings");
  await other.getByLabel("Contact name").fill("Benjamin Buyer");
  await other.getByRole("button", { name: "Save profile" }).click();
  await expect(other.getByText("Profile updated successfully")).toBeVisible();

  // No reload: the first tab hears buyer_updated and refetches.
  await expect(page.getByText("Welcome back, Benjamin Buyer!")).toBeVisible();
  // Put the demo name back for whatever runs next on this server.
  await other.getByLabel("Contact name").fill("Ben Buyer");
  await other.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Welcome back, Ben Buyer!")).toBeVisible();
  await other.close();
});
