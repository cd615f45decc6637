import { expect, test } from "../fixtures/server";
import { signInAsCompany } from "./auth-helpers";

// Suspends the demo company: a database of its own.
test.use({ dataSet: "admin-companies" });

test("a platform admin extends a company's trial, suspends it and reinstates it", async ({
  page,
  browser,
  workerServer,
}) => {
  await signInAsCompany(page, "admin@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/developer/subscribers");
  await page.getByRole("link", { name: "Summit Home Services", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/developer\/companies\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { name: "Summit Home Services" })).toBeVisible();
  await expect(page.getByText("Pro (set by hand)")).toBeVisible();

  await page.getByLabel("Days to add").fill("7");
  await page.getByRole("button", { name: "Extend trial" }).click();
  await expect(page.getByText("Trial extended").first()).toBeVisible();

  // Suspending asks first and needs a reason, said beside the field.
  await page.getByRole("button", { name: "Suspend company" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Suspend company" }).click();
  await expect(page.getByText("Please give a reason (at least 3 characters)")).toBeVisible();
  await page.getByLabel("Reason").last().fill("Unpaid invoices");
  await page.getByRole("button", { name: "Suspend company" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Suspend company" }).click();
  await expect(page.getByText("Company suspended").first()).toBeVisible();
  await expect(page.getByText("Suspended", { exact: true }).first()).toBeVisible();

  // The company's member sees why, not a broken page; its public form politely refuses.
  const member = await browser.newContext({ baseURL: workerServer.baseURL });
  const memberPage = await member.newPage();
  await signInAsCompany(memberPage, "member@leadpost.test");
  await expect(memberPage.getByText("Company suspended")).toBeVisible();
  await expect(memberPage.getByText("Your company's account is suspended")).toBeVisible();

  await page.getByRole("button", { name: "Reinstate company" }).click();
  await expect(page.getByText("Company reinstated").first()).toBeVisible();
  await memberPage.reload();
  await expect(memberPage.getByText("Company suspended")).toHaveCount(0);
  await expect(memberPage.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await member.close();

  // Each action is in the audit log, in words, with the admin's e-mail.
  await page.goto("/dashboard/developer");
  await page.getByRole("tab", { name: "Audit Log" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Reinstated company" })).toContainText(
    "admin@leadpost.test",
  );
  await expect(page.getByRole("row").filter({ hasText: "Suspended company" })).toContainText(
    "Unpaid invoices",
  );
});
