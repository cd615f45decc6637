import { expect, test } from "../fixtures/server";

test("the Email page lists the company's messages with filter and search", async ({ page, signedInAs }) => {
  await signedInAs("owner");
  await page.goto("/dashboard/email");
  await expect(page.getByRole("heading", { name: "Email", exact: true })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search by recipient" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Filter by status" })).toBeVisible();
  // Either the log or its empty state, never a coming-soon stand-in.
  await expect(
    page
      .getByRole("list", { name: "Messages" })
      .or(page.getByText("No e-mail has been sent for your company yet.")),
  ).toBeVisible();
  await expect(page.getByText("coming soon")).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search by recipient" }).fill("nobody-at-all");
  await expect(page.getByText("No messages match.")).toBeVisible();
});
