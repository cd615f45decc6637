import { expect, test } from "../fixtures/server";
import { DEMO_PASSWORD, forgetSession, signInAsCompany } from "./auth-helpers";

// Spends the demo buyer's credits and previews: a database of its own.
test.use({ dataSet: "credits-ledger" });

test("a buyer's purchase shows as a consume entry on the company's Lead Credits ledger, and a grant books", async ({
  page,
}) => {
  // The buyer unlocks a preview with credits (the portal's purchase call).
  await page.goto("/buyer/login");
  await page.getByLabel("Email").fill("buyer@leadpost.test");
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/buyer\/dashboard$/);
  const previews = (await (await page.request.get("/api/buyer-portal/previews")).json()) as {
    previews: { leadId: string; priceCredits: number }[];
  };
  const preview = previews.previews[0]!;
  const bought = await page.request.post("/api/purchases", {
    data: { leadId: preview.leadId, idempotencyKey: `e2e-${preview.leadId}-${Date.now()}` },
  });
  expect(bought.status()).toBe(200);
  await forgetSession(page);

  // The company sees it first in its ledger, then grants credits through the form.
  await signInAsCompany(page, "owner@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/owner/credits");
  await expect(page.getByRole("heading", { name: "Lead Credits" })).toBeVisible();
  const ledger = page.getByRole("list", { name: "Credits ledger" });
  const newest = ledger.getByRole("listitem").first();
  await expect(newest).toContainText("consume");
  await expect(newest).toContainText(`-${preview.priceCredits}`);
  await expect(newest).toContainText("Lead purchase");

  await page.getByLabel("Buyer").click();
  await page.getByRole("option", { name: /buyer@leadpost\.test/ }).click();
  await page.getByLabel("Amount").fill("7");
  await page.getByLabel("Reason").fill("Goodwill");
  await expect(page.getByRole("button", { name: "Grant Credits" })).toBeEnabled();
  await page.getByRole("button", { name: "Grant Credits" }).click();
  await expect(page.getByText("Credits Granted")).toBeVisible();
  await expect(ledger.getByRole("listitem").first()).toContainText("+7");
  await expect(ledger.getByRole("listitem").first()).toContainText("Goodwill");

  // Revoking more than the balance is refused before it is sent.
  await page.getByLabel("Buyer").click();
  await page.getByRole("option", { name: /buyer@leadpost\.test/ }).click();
  await page.getByRole("switch").click();
  await page.getByLabel("Amount").fill("100000");
  await page.getByLabel("Reason").fill("Too much");
  await expect(page.getByRole("button", { name: "Revoke Credits" })).toBeDisabled();
});
