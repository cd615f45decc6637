import { expect, test } from "../fixtures/server";

test("the dashboard shows the demo company's leads by form and source and its sales, by period", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  await page.goto("/dashboard");
  const business = page.getByRole("region", { name: "Your business" });
  const perDay = page.getByRole("region", { name: "Leads and calls per day" });
  await expect(perDay).toContainText("in the last 30 days");
  const byForm = page.getByRole("region", { name: "Leads by form" });
  await expect(byForm).toContainText("Roof Replacement Quote");
  const bySource = page.getByRole("region", { name: "Leads by source" });
  await expect(bySource).toContainText("google");
  await expect(bySource).toContainText("facebook ads");
  await expect(bySource).toContainText("yelp.com");
  await expect(page.getByRole("region", { name: "Sold and unsold" })).toContainText("Sale rate");
  await expect(page.getByRole("region", { name: "Credits spent by buyers" })).toContainText(
    "Front Range Roofing",
  );

  // The numbers are there for screen readers too, as tables.
  await expect(byForm.getByRole("table", { includeHidden: true })).toContainText("Roof Replacement Quote");

  // A shorter period counts fewer of the demo leads (they arrived over two weeks).
  const thirty = await perDay.getByText(/\d+ leads? \(/).textContent();
  await page.getByRole("button", { name: "7 days" }).click();
  await expect(perDay).toContainText("in the last 7 days");
  const seven = await perDay.getByText(/\d+ leads? \(/).textContent();
  expect(Number.parseInt(seven ?? "0", 10)).toBeLessThan(Number.parseInt(thirty ?? "0", 10));
  await expect(business).toBeVisible();
});
