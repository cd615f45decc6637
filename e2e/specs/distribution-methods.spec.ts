import { expect, test } from "../fixtures/server";

// The company sets the roofing form to priority with two buyers in its order and gives one of them a
// lead filter; a lead submitted to the form shows the explained decision on its detail. Changes the demo
// roofing form's method and Front Range Roofing's filters, so it runs on a data set of its own.
test.use({ dataSet: "distribution-methods" });

test("a priority order and a lead filter explain who took the lead", async ({ page, signedInAs }) => {
  await signedInAs("owner");
  const { forms } = (await (await page.request.get("/api/forms")).json()) as {
    forms: { id: string; title: string }[];
  };
  const roofForm = forms.find((f) => f.title === "Roof Replacement Quote");
  if (!roofForm) throw new Error("the demo roofing form is missing");

  // Form builder → Settings → Distribution: priority, Front Range Roofing first, Peak Roofers second.
  await page.goto(`/dashboard/forms/${roofForm.id}`);
  await page.getByRole("tab", { name: "Settings" }).click();
  const distribution = page.getByRole("region", { name: "Distribution" });
  await distribution.getByLabel("Method").click();
  await page.getByRole("option", { name: "Priority" }).click();
  await expect(distribution.getByText("The first eligible buyer in your order takes the lead")).toBeVisible();
  // The demo ranks the roofing buyers already: the order is set afresh.
  const rows = distribution.getByTestId("distribution-buyer");
  for (const name of ["Front Range Roofing", "Peak Roofers", "HailGuard Exteriors"])
    await distribution.getByRole("button", { name: `Remove ${name}` }).click();
  await expect(rows).toHaveCount(0);
  await expect(distribution.getByText("No buyers ranked yet")).toBeVisible();
  for (const name of ["Peak Roofers", "Front Range Roofing"]) {
    await distribution.getByLabel("Add a buyer").click();
    await page.getByRole("option", { name, exact: true }).click();
    await distribution.getByRole("button", { name: "Add", exact: true }).click();
  }
  await expect(rows).toHaveText([/Peak Roofers/, /Front Range Roofing/]);
  // Reordered from the keyboard.
  await distribution.getByRole("button", { name: "Move Front Range Roofing up" }).focus();
  await page.keyboard.press("Enter");
  await expect(rows).toHaveText([/Front Range Roofing/, /Peak Roofers/]);
  await distribution.getByRole("button", { name: "Save distribution" }).click();
  await expect(page.getByText("Distribution saved")).toBeVisible();
  const saved = await (await page.request.get(`/api/forms/${roofForm.id}/distribution`)).json();
  expect(saved.method).toBe("priority");
  expect(saved.buyers.map((b: { name: string }) => b.name)).toEqual(["Front Range Roofing", "Peak Roofers"]);

  // Buyers → Edit Front Range Roofing → a lead filter: Service needed is Roof repair.
  await page.goto("/dashboard/buyers");
  const card = page.getByRole("article", { name: "Front Range Roofing" });
  await card.getByRole("button", { expanded: false }).click();
  await card.getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Buyer" });
  const filters = dialog.getByRole("region", { name: "Bids and lead filters" });
  await filters.getByRole("button", { name: "Add filter" }).click();
  await filters.getByLabel("Filter 1 question").click();
  await page.getByRole("option", { name: "Service needed" }).click();
  await filters.getByRole("checkbox", { name: "Roof repair" }).check();
  await filters.getByRole("button", { name: "Save bids and filters" }).click();
  await expect(page.getByText("Bids and lead filters saved")).toBeVisible();

  // At 390 px and in dark mode the section fits (looked at in the test's output).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await filters.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("buyer-filters-390-dark.png") });
  await page.keyboard.press("Escape");
  await page.goto(`/dashboard/forms/${roofForm.id}`);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("region", { name: "Distribution" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("form-distribution-390-dark.png") });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A visitor in Boulder asks for a full replacement: Front Range Roofing's filter turns it down, and
  // Peak Roofers (prepaid) takes the lead as priority 2.
  const submitted = await page.request.post(`/api/public/forms/${roofForm.id}/submissions`, {
    data: {
      formData: {
        "f-name": "Priya Order",
        "f-phone": "3035550177",
        "f-email": "priya.order@example.com",
        "f-zip": "80302",
        "f-service": "Full replacement",
      },
      fillTimeMs: 5000,
      idempotencyKey: `priority-${Date.now()}-submission`,
    },
  });
  expect(submitted.status()).toBe(201);

  // Routing runs after the answer: reload until the lead shows.
  await expect(async () => {
    await page.goto("/dashboard/leads?search=priya.order%40example.com");
    await expect(page.getByRole("button", { name: "Priya Order", exact: true })).toBeVisible({
      timeout: 3000,
    });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("button", { name: "Priya Order", exact: true }).click();
  const sheet = page.getByRole("dialog", { name: "Priya Order" });
  const routing = sheet.getByRole("region", { name: "Routing decisions" });
  const peak = routing.getByRole("listitem").filter({ hasText: "Priority 2: Peak Roofers" });
  await expect(peak).toContainText("Priority 2: Peak Roofers; priority 1 (Front Range Roofing): Filter:");
  await expect(peak.getByText("Matched", { exact: true })).toBeVisible();
  await expect(peak).toContainText("Filter: Service needed is not Roof repair");
  const frontRange = routing.getByRole("listitem").filter({ hasText: /^Front Range Roofing/ });
  await expect(frontRange).toContainText("Filter: Service needed is not Roof repair");
});
