import { expect, test } from "../fixtures/server";

// The demo leads went through the real routing when the demo was seeded: every lead's detail shows the
// decisions routing recorded, never "No routing decisions recorded yet". Reads the shared demo data only.

const DEMO_LEADS = [
  "Carla Jensen",
  "Tom Becker",
  "Aisha Noor",
  "Greg Hall",
  "Nina Flores",
  "Ravi Patel",
  "Emma Stone",
  "Luis Romero",
  "Hannah Wu",
];

test("every demo lead's detail shows the routing decisions the seed's routing recorded", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  await page.goto("/dashboard/leads");
  await expect(page.getByRole("button", { name: "Aisha Noor", exact: true })).toBeVisible();

  for (const name of DEMO_LEADS) {
    await page.getByRole("button", { name, exact: true }).click();
    const sheet = page.getByRole("dialog", { name });
    const routing = sheet.getByRole("region", { name: "Routing decisions" });
    await expect(routing.getByRole("listitem").first()).toBeVisible();
    await expect(sheet.getByText("No routing decisions recorded yet.")).toHaveCount(0);
    if (name === "Aisha Noor") {
      // Boulder, on the demo roofing form's priority order: Peak Roofers' prepaid package took one slot
      // (Front Range Roofing, ranked first, holds no allowance), the demo buyer was offered a preview.
      await expect(sheet.getByText("Sold 1 of 2")).toBeVisible();
      const peak = routing.getByRole("listitem").filter({ hasText: "Priority 2: Peak Roofers" });
      await expect(
        peak.getByText("(full access, prepaid: 4.4 mi, radius 25 mi)", { exact: false }),
      ).toBeVisible();
      await expect(peak.getByText("Matched", { exact: true })).toBeVisible();
      const preview = routing.getByRole("listitem").filter({ hasText: "Preview: 23.8 mi, radius 40 mi" });
      await expect(preview.getByText("Matched", { exact: true })).toBeVisible();
    }
    if (name === "Greg Hall" || name === "Hannah Wu") {
      // No buyer serves them: unrouted, left for manual assignment, never shown as Routed.
      // The lead's badge (the source section repeats its submission's routing outcome).
      await expect(sheet.getByText("Unrouted", { exact: true }).first()).toBeVisible();
      await expect(sheet.getByText("Routed", { exact: true })).toHaveCount(0);
    }
    if (name === "Carla Jensen") {
      // The demo buyer's preview, then bought with 40 credits.
      await expect(sheet.getByText("40 credits")).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
  }
});
