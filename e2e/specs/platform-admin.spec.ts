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

  // The audit log shows the start, every request made meanwhile in words, the refusal and the end,
  // with the admin by e-mail.
  await page.getByRole("tab", { name: "Audit Log" }).click();
  const rows = page.getByRole("row").filter({ hasText: "buyer@leadpost.test" });
  await expect(rows.filter({ hasText: "Started impersonating" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Impersonation ended" })).toHaveCount(1);
  const refused = rows.filter({ hasText: "Refused" });
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText("Bought a lead with credits");
  await expect(refused).toContainText("admin@leadpost.test");
  await expect(rows.filter({ hasText: "Viewed the buyer portal" }).first()).toBeVisible();

  // At 390 px every entry reads whole: no column cut off, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const entry = page
    .getByRole("list", { name: "Audit log" })
    .getByRole("listitem")
    .filter({ hasText: "Refused" });
  await expect(entry).toContainText("Bought a lead with credits");
  await expect(entry).toContainText("admin@leadpost.test as buyer@leadpost.test");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a company owner opening Developer Settings is refused and sent to the dashboard", async ({ page }) => {
  await signInAsCompany(page, "owner@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("link", { name: "Developer Settings" })).toHaveCount(0);
  await page.goto("/dashboard/developer");
  await expect(page.getByText("You don't have access to Developer Settings")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("when the impersonation has ended by itself, the admin is brought back to their own session with a word", async ({
  page,
}) => {
  await signInAsCompany(page, "admin@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/developer");
  await page.getByRole("tab", { name: "Company Owners" }).click();
  await page.getByLabel("Search company owners").fill("owner@leadpost.test");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: "Impersonate owner@leadpost.test" }).click();
  await page
    .getByRole("dialog", { name: "Impersonate user" })
    .getByRole("button", { name: "Impersonate" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "You are impersonating" })).toContainText(
    "owner@leadpost.test",
  );

  // The impersonation session is gone, as after its hour: the browser's session cookie names no session
  // any more, while the admin's own session is still kept aside.
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.endsWith("session_token"));
  expect(session).toBeDefined();
  await page.context().addCookies([{ ...session!, value: "ended.session" }]);

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/developer$/);
  await expect(
    page.getByText("The impersonation ended after one hour. You are back in your own account."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Developer Settings" })).toBeVisible();
  const who = (await (await page.request.get("/api/whoami")).json()) as { email: string };
  expect(who.email).toBe("admin@leadpost.test");
});
