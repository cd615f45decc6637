import { formatDateTime, formatMoney, type TLeadList, type TNicheList } from "@leadpost/shared";
import { expect, test } from "../fixtures/server";
import { signInAsCompany } from "./auth-helpers";

// This file changes the demo company's preferences: a server and database of its own.
test.use({ dataSet: "preferences" });

const SYDNEY = { country: "Australia", currency: "AUD", timezone: "Australia/Sydney" };

test("a company in Australia/Sydney with AUD sees its money and times so in the app and the export, and a member sees no hidden detail", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsCompany(page, "owner@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/settings/preferences");
  await page.getByLabel("Country").selectOption("Australia");
  await page.getByLabel("Currency").selectOption({ label: "Australian Dollar (AUD)" });
  await page.getByLabel("Timezone").selectOption({ label: "Sydney (AEST/AEDT)" });
  await page.getByLabel("Hide customer name").click();
  await page.getByLabel("Hide customer phone").click();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Preferences updated successfully")).toBeVisible();

  // The leads list: the newest lead's time in Sydney, written the Australian way.
  const list = (await (await page.request.get("/api/leads")).json()) as TLeadList;
  const newest = list.leads[0]!;
  await page.goto("/dashboard/leads");
  await expect(
    page.getByRole("cell", { name: formatDateTime(newest.createdAt, SYDNEY) }).first(),
  ).toBeVisible();
  expect(newest.name).not.toBeNull();

  // Money: the niches' prices in AUD.
  const niches = (await (await page.request.get("/api/niches")).json()) as TNicheList;
  const priced = niches.niches.find((n) => n.price > 0)!;
  await page.goto("/dashboard/niches");
  await expect(page.getByRole("cell", { name: formatMoney(priced.price, SYDNEY) }).first()).toBeVisible();

  // The dashboard: the credits buyers spent, worth so much in AUD.
  const business = (await (await page.request.get("/api/dashboard/business?days=30")).json()) as {
    credits: { valueUsd: number };
  };
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Credits spent by buyers" })).toContainText(
    `about ${formatMoney(business.credits.valueUsd, SYDNEY)}`,
  );

  // The export: times in Sydney, day before month, with the zone.
  const csv = await (await page.request.get("/api/leads/export")).text();
  expect(csv.split("\n")[1]).toMatch(/,\d\d\/\d\d\/\d{4} \d\d:\d\d AE[DS]T,/);

  // A member: the names and phones are hidden in the list, the detail and the export.
  const memberContext = await browser.newContext({ baseURL });
  const member = await memberContext.newPage();
  await signInAsCompany(member, "member@leadpost.test");
  await expect(member).toHaveURL(/\/dashboard$/);
  await member.goto("/dashboard/leads");
  await expect(
    member.getByRole("cell", { name: formatDateTime(newest.createdAt, SYDNEY) }).first(),
  ).toBeVisible();
  await expect(member.getByText(newest.name!, { exact: true })).toHaveCount(0);
  await member.getByRole("button", { name: "Hidden" }).first().click();
  await expect(
    member.getByText(/Your company's preferences hide the customer's name and phone/),
  ).toBeVisible();
  const memberCsv = await (await member.request.get("/api/leads/export")).text();
  expect(memberCsv).not.toContain(newest.name!);
  if (newest.phone) expect(memberCsv).not.toContain(newest.phone);
  await memberContext.close();
});
