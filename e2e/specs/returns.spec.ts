import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/server";
import { DEMO_PASSWORD, forgetSession, signInAsCompany } from "./auth-helpers";

// Spends the demo buyer's credits and files a return: a database of its own.
test.use({ dataSet: "returns" });

const credits = (page: Page) => page.getByTestId("stat-Organization Credits");

async function signInAsBuyer(page: Page) {
  await page.goto("/buyer/login");
  await page.getByLabel("Email").fill("buyer@leadpost.test");
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/buyer\/dashboard$/);
}

test("a buyer returns a lead it bought, the company approves it, and both see the credits back", async ({
  page,
}) => {
  // The buyer buys a preview with credits (110 → 70) and returns it from My Leads.
  await signInAsBuyer(page);
  await expect(credits(page)).toHaveText("110");
  const previews = (await (await page.request.get("/api/buyer-portal/previews")).json()) as {
    previews: { leadId: string; priceCredits: number }[];
  };
  const preview = previews.previews[0]!;
  const bought = await page.request.post("/api/purchases", {
    data: { leadId: preview.leadId, idempotencyKey: `e2e-return-${preview.leadId}` },
  });
  expect(bought.status()).toBe(200);
  const price = preview.priceCredits;
  const leadName = (
    (await (await page.request.get("/api/buyer-portal/leads")).json()) as {
      leads: { leadId: string; name: string }[];
    }
  ).leads.find((l) => l.leadId === preview.leadId)!.name;

  await page.goto("/buyer/my-leads");
  const row = page.getByTestId("my-lead-row").filter({ hasText: leadName });
  await row.getByRole("button", { name: "Details" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Return lead" }).click();
  await expect(dialog.getByText("Choose a reason for the return")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Reason" }).click();
  // "Not interested" is not one of the company's reasons.
  await expect(page.getByRole("option", { name: "Not interested" })).toHaveCount(0);
  await page.getByRole("option", { name: "Wrong number" }).click();
  await dialog.getByLabel("Note (optional)").fill("The number is disconnected.");
  await dialog.getByRole("button", { name: "Return lead" }).click();
  await expect(page.getByText("Return sent for review")).toBeVisible();
  await expect(dialog.getByTestId("lead-return-state")).toContainText("Pending");
  await page.keyboard.press("Escape");
  await page.goto("/buyer/dashboard");
  await expect(credits(page)).toHaveText(String(110 - price));
  await forgetSession(page);

  // The company sees two returns waiting (the demo's and this one) and approves this one.
  await signInAsCompany(page, "owner@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole("navigation", { name: "Company navigation" });
  await expect(nav.getByText("2", { exact: true })).toBeVisible();
  await nav.getByRole("link", { name: "Returns" }).click();
  await expect(page.getByRole("heading", { name: "Returns" })).toBeVisible();
  const returnRow = page.getByTestId("return-row").filter({ hasText: leadName });
  await expect(returnRow).toContainText("Wrong number");
  await expect(returnRow).toContainText("The number is disconnected.");
  await returnRow.getByRole("button", { name: /^Approve/ }).click();
  const confirm = page.getByRole("dialog", { name: "Approve this return?" });
  await expect(confirm).toContainText(`gets ${price} credits back`);
  await confirm.getByLabel("Note to the buyer (optional)").fill("Sorry about that one.");
  await confirm.getByRole("button", { name: "Approve and refund" }).click();
  await expect(page.getByText(`Approved: ${price} credits refunded`)).toBeVisible();
  await expect(page.getByTestId("return-row").filter({ hasText: leadName })).toHaveCount(0);
  await expect(nav.getByText("1", { exact: true })).toBeVisible();

  // The company's ledger shows the refund, and the buyer's balance is back where it was.
  await page.goto("/owner/credits");
  const ledger = page.getByRole("list", { name: "Credits ledger" });
  await expect(ledger.getByRole("listitem").first()).toContainText("refund");
  await expect(ledger.getByRole("listitem").first()).toContainText(`+${price}`);
  await page.getByLabel("Buyer").click();
  await expect(page.getByRole("option", { name: /buyer@leadpost\.test/ })).toContainText("(110)");
  await page.keyboard.press("Escape");
  await forgetSession(page);

  // The buyer: 110 credits again, and the return approved with the company's note.
  await signInAsBuyer(page);
  await expect(credits(page)).toHaveText("110");
  await page.goto("/buyer/returns");
  const mine = page.getByRole("row").filter({ hasText: leadName });
  await expect(mine).toContainText("Approved");
  await expect(mine).toContainText("Sorry about that one.");
});
