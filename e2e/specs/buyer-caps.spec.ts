import type { Page } from "@playwright/test";
import { expect, type TSignedInAs, test } from "../fixtures/server";

// Sets caps on and pauses the demo buyer: a database of its own. The tests run in order on one server.
test.use({ dataSet: "buyer-caps" });
test.describe.configure({ mode: "serial" });

/** The demo buyer's session, on its dashboard. */
async function openAsDemoBuyer(page: Page, signedInAs: TSignedInAs) {
  await signedInAs("buyer", page);
  await page.goto("/buyer/dashboard");
}

async function openEdit(page: Page) {
  const card = page.getByRole("article", { name: "Front Range Roofing" });
  await card.getByRole("button", { expanded: false }).click();
  await card.getByRole("button", { name: "Edit" }).click();
  return page.getByRole("dialog", { name: "Edit Buyer" });
}

test("the company sets a daily cap, a time zone and delivery hours on a buyer, and they persist", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  await page.goto("/dashboard/buyers");
  let dialog = await openEdit(page);
  const caps = dialog.getByTestId("buyer-caps-fields");
  await caps.getByLabel("Daily cap (leads)").fill("-1");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    dialog.getByText("Daily cap must be a whole number from 0 to 1,000,000, or empty for no cap"),
  ).toBeVisible();

  await caps.getByLabel("Daily cap (leads)").fill("5");
  await caps.getByLabel("Time zone").selectOption("America/Denver");
  await caps.getByRole("switch", { name: "Delivery hours" }).click();
  await caps.getByLabel("Monday from").fill("09:00");
  await caps.getByLabel("Monday to").fill("18:00");
  await caps.getByRole("checkbox", { name: "Sunday" }).uncheck();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toHaveCount(0);

  await page.reload();
  dialog = await openEdit(page);
  await expect(dialog.getByLabel("Daily cap (leads)")).toHaveValue("5");
  await expect(dialog.getByLabel("Weekly cap (leads)")).toHaveValue("");
  await expect(dialog.getByLabel("Time zone")).toHaveValue("America/Denver");
  await expect(dialog.getByRole("switch", { name: "Delivery hours" })).toBeChecked();
  await expect(dialog.getByLabel("Monday from")).toHaveValue("09:00");
  await expect(dialog.getByLabel("Monday to")).toHaveValue("18:00");
  await expect(dialog.getByLabel("Tuesday from")).toHaveValue("08:00");
  await expect(dialog.getByRole("checkbox", { name: "Sunday" })).not.toBeChecked();
  await expect(dialog.getByTestId("buyer-pause-state")).toHaveText("Receiving leads");
});

test("the demo buyer sees its cap, pauses its leads from the portal and resumes them", async ({
  page,
  signedInAs,
}) => {
  await openAsDemoBuyer(page, signedInAs);
  const summary = page.getByTestId("caps-card");
  await expect(summary.getByTestId("cap-Today")).toHaveText(/^\d+ of 5$/);
  await expect(summary).toContainText("America/Denver");
  await expect(summary.getByTestId("pause-state")).toHaveText("Receiving leads");

  // The card leads to the Settings page's Leads tab.
  await summary.getByRole("link", { name: "Pause leads" }).click();
  await expect(page).toHaveURL(/\/buyer\/settings\?tab=leads$/);
  const tab = page.getByTestId("leads-tab");
  await expect(tab).toContainText("Mountain Standard Time");
  await expect(tab.getByTestId("cap-Today")).toHaveText(/^\d+ of 5$/);
  await tab.getByText("Delivery hours").click();
  await expect(tab).toContainText("9:00 AM – 6:00 PM");

  // A dated pause: an end in the past is refused, one ahead is kept and shown.
  await tab.getByRole("button", { name: "Pause leads" }).click();
  let dialog = page.getByRole("dialog", { name: "Pause leads" });
  await dialog.getByLabel("Pause until").fill("2020-01-01T09:00");
  await dialog.getByRole("button", { name: "Pause Leads" }).click();
  await expect(dialog.getByText("Pause end must be a date and time in the future")).toBeVisible();
  const year = new Date().getUTCFullYear() + 1;
  await dialog.getByLabel("Pause until").fill(`${year}-12-01T09:00`);
  await dialog.getByRole("button", { name: "Pause Leads" }).click();
  await expect(page.getByText("Leads paused", { exact: true })).toBeVisible();
  await expect(tab.getByTestId("pause-state")).toHaveText("Leads paused until Dec 1, 9:00 AM");

  // Shown on the dashboard too, after a reload.
  await page.goto("/buyer/dashboard");
  await expect(summary.getByTestId("pause-state")).toHaveText("Leads paused until Dec 1, 9:00 AM");
  await summary.getByRole("link", { name: "Resume leads" }).click();
  await tab.getByRole("button", { name: "Resume leads" }).click();
  await expect(page.getByText("Leads resumed", { exact: true })).toBeVisible();
  await expect(tab.getByTestId("pause-state")).toHaveText("Receiving leads");

  // Indefinitely.
  await tab.getByRole("button", { name: "Pause leads" }).click();
  dialog = page.getByRole("dialog", { name: "Pause leads" });
  await dialog.getByLabel("Indefinitely, until I resume").check();
  await dialog.getByRole("button", { name: "Pause Leads" }).click();
  await expect(tab.getByTestId("pause-state")).toHaveText("Leads paused indefinitely");
  await tab.getByRole("button", { name: "Resume leads" }).click();
  await expect(tab.getByTestId("pause-state")).toHaveText("Receiving leads");
});

test("390 px, dark mode: the dashboard's caps card, the Leads tab and the Edit Buyer section", async ({
  page,
  signedInAs,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await openAsDemoBuyer(page, signedInAs);
  const card = page.getByTestId("caps-card");
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("caps-card-390-dark.png"), fullPage: true });
  const box = await card.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await page.goto("/buyer/settings?tab=leads");
  await page.getByTestId("leads-tab").getByRole("button", { name: "Pause leads" }).click();
  await page.screenshot({ path: testInfo.outputPath("leads-tab-390-dark.png"), fullPage: true });
  await page.keyboard.press("Escape");

  await signedInAs("owner");
  await page.goto("/dashboard/buyers");
  const dialog = await openEdit(page);
  await dialog.getByTestId("buyer-caps-fields").scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("edit-buyer-caps-390-dark.png") });
  const fields = await dialog.getByTestId("buyer-caps-fields").boundingBox();
  expect(fields && fields.x + fields.width).toBeLessThanOrEqual(390);
});
