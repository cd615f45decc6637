import { expect, test } from "../fixtures/server";
import { signInAsCompany } from "./auth-helpers";

// Starts and ends sessions of the demo buyer: a database of its own.
test.use({ dataSet: "platform-admin" });

test("the platform admin impersonates the demo buyer, sees the buyer dashboard with the banner, and ends it", async ({
  page,
}) => {
  await signInAsCompany(page, "admin@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("link", { name: "Developer Settings" }).click();
  await expect(page.getByRole("heading", { name: "Developer Settings" })).toBeVisible();

  await page.getByRole("tab", { name: "Lead Buyers" }).click();
  await page.getByLabel("Search lead buyers").fill("buyer@leadpost.test");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: "Impersonate buyer@leadpost.test" }).click();
  const dialog = page.getByRole("dialog", { name: "Impersonate user" });
  await expect(dialog).toContainText("buyer@leadpost.test");
  await dialog.getByRole("button", { name: "Impersonate" }).click();

  // The buyer's side, with the banner on the page.
  await expect(page).toHaveURL(/\/buyer\/dashboard$/);
  await expect(page.getByText("Welcome")).toBeVisible();
  const banner = page.getByRole("status").filter({ hasText: "You are impersonating" });
  await expect(banner).toContainText("buyer@leadpost.test");
  await expect(banner).toContainText("admin@leadpost.test");
  const who = (await (await page.request.get("/api/whoami")).json()) as { email: string };
  expect(who.email).toBe("buyer@leadpost.test");

  // Money cannot move while impersonating.
  const purchase = await page.request.post("/api/purchases", {
    data: { leadId: "00000000-0000-4000-8000-000000000000", idempotencyKey: `e2e-${Date.now()}` },
  });
  expect(purchase.status()).toBe(403);

  await banner.getByRole("button", { name: "End impersonation" }).click();
  await expect(page).toHaveURL(/\/dashboard\/developer$/);
  await expect(page.getByRole("heading", { name: "Developer Settings" })).toBeVisible();
  await expect(page.getByText("You are impersonating")).toHaveCount(0);
  const back = (await (await page.request.get("/api/whoami")).json()) as {
    email: string;
    isPlatformAdmin: boolean;
  };
  expect(back).toMatchObject({ email: "admin@leadpost.test", isPlatformAdmin: true });

  // The audit log shows the start and the end.
  await page.getByRole("tab", { name: "Audit Log" }).click();
  const rows = page.getByRole("row").filter({ hasText: "buyer@leadpost.test" });
  await expect(rows.filter({ hasText: "Started" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Ended" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Refused" })).toHaveCount(1);
});

test("a company owner opening Developer Settings is refused and sent to the dashboard", async ({ page }) => {
  await signInAsCompany(page, "owner@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("link", { name: "Developer Settings" })).toHaveCount(0);
  await page.goto("/dashboard/developer");
  await expect(page.getByText("You don't have access to Developer Settings")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
