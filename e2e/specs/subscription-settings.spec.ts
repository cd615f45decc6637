import type { APIRequestContext, Page } from "@playwright/test";
import { startPayPalFake } from "../../apps/server/test/fakes/paypal-fake";
import { test as base, expect } from "../fixtures/server";
import { createVerifiedCompany, DEMO_PASSWORD, signInAsCompany } from "./auth-helpers";

// The platform's own PayPal app (it bills subscriptions); the fake PayPal accepts only these credentials.
const APP = { clientId: "PlatformBillingClient-0001", secret: "PlatformBillingSecret-e2e-5151" };
const PASSWORD = "Subscribe!2026";

const test = base.extend<object, { paypal: Awaited<ReturnType<typeof startPayPalFake>> }>({
  paypal: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const fake = await startPayPalFake(APP);
      await use(fake);
      await fake.close();
    },
    { scope: "worker" },
  ],
  serverEnv: [
    async ({ paypal }, use) => use({ PAYPAL_SANDBOX_API_URL: paypal.url, PAYPAL_LIVE_API_URL: paypal.url }),
    { scope: "worker" },
  ],
});
test.use({ dataSet: "subscriptions" });
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser, workerServer }) => {
  // The platform admin connects the platform's sandbox PayPal app and creates the plans at PayPal.
  const context = await browser.newContext({ baseURL: workerServer.baseURL });
  const page = await context.newPage();
  await signInAsCompany(page, "admin@leadpost.test", DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  const saved = await page.request.put("/api/platform-admin/paypal", {
    data: { mode: "sandbox", ...APP, webhookId: "WH-PLATFORM-E2E" },
  });
  expect(saved.status()).toBe(200);
  const plans = await page.request.post("/api/platform-admin/paypal/plans", { data: { mode: "sandbox" } });
  expect(plans.status()).toBe(200);
  await context.close();
});

/** A new company on the free trial, its owner signed in on Settings. */
async function newCompanyOnSettings(page: Page, request: APIRequestContext, email: string) {
  await createVerifiedCompany(request, email, PASSWORD);
  await signInAsCompany(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/owner/settings");
  await scrollToSubscription(page);
  await expect(page.getByRole("heading", { name: "Subscription Settings" })).toBeVisible();
}

const tier = (page: Page, name: string) => page.getByRole("listitem", { name: `${name} tier` });

/**
 * Scrolls to the Subscription Settings card, below the tabs: its panel loads when the card comes into
 * view (as a user scrolling down to it), so every visit to the page scrolls there before reading it.
 */
async function scrollToSubscription(page: Page) {
  // Once the tabs have their height: the card is where it stays.
  await expect(page.getByRole("tab", { name: "General" })).toBeVisible();
  await page.getByRole("heading", { name: "Subscription Settings" }).scrollIntoViewIfNeeded();
}

test("a free company sees the tiers and upgrades to Pro through PayPal", async ({ page, request }) => {
  await newCompanyOnSettings(page, request, "owner@subscribe-pro.test");
  await expect(tier(page, "Free")).toContainText("Current plan");
  await expect(tier(page, "Free")).toContainText("2 seats");
  await expect(tier(page, "Basic")).toContainText("$29.00/month");
  await expect(tier(page, "Basic")).toContainText("10 seats");
  await expect(tier(page, "Pro")).toContainText("$49.99/month");
  await expect(tier(page, "Pro")).toContainText("25 seats");
  await expect(tier(page, "Enterprise")).toContainText("$99.00/month");
  await expect(tier(page, "Enterprise")).toContainText("100 seats");

  await tier(page, "Pro").getByRole("button", { name: "Choose Pro" }).click();
  await tier(page, "Pro").getByRole("button", { name: "Subscribe with PayPal" }).click();
  await expect(page.getByRole("heading", { name: "Subscribe with PayPal" })).toBeVisible();
  await page.getByRole("link", { name: "Agree & Subscribe" }).click();

  await expect(page).toHaveURL(/\/owner\/settings$/);
  await expect(page.getByText("Subscription created successfully").first()).toBeVisible();
  await expect(tier(page, "Pro")).toContainText("Current plan");
  await page.reload();
  await scrollToSubscription(page);
  await expect(tier(page, "Pro")).toContainText("Current plan");
  // On a paid tier there is no free card and no upgrade offer.
  await expect(tier(page, "Free")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Choose / })).toHaveCount(0);
});

test("the demo company's plan reads the same everywhere, and its owner subscribes to Enterprise through PayPal", async ({
  page,
}) => {
  await signInAsCompany(page, "owner@leadpost.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/owner/settings");
  await scrollToSubscription(page);
  await expect(tier(page, "Pro")).toContainText("Current plan");
  await expect(page.getByText("Plan set by the Leadpost team")).toBeVisible();
  await page.getByRole("tab", { name: "Team" }).click();
  await expect(page.getByText("4 of 25 seats used")).toBeVisible();
  const api = (await (await page.request.get("/api/settings/subscription")).json()) as Record<
    string,
    unknown
  >;
  expect(api).toMatchObject({ tier: "pro", status: "active", seats: 25 });

  // A plan set by hand bills nothing at PayPal: switching subscribes to the new tier there.
  await tier(page, "Enterprise").getByRole("button", { name: "Switch to Enterprise" }).click();
  await expect(page.getByRole("heading", { name: "Subscribe with PayPal" })).toBeVisible();
  await page.getByRole("link", { name: "Agree & Subscribe" }).click();
  await expect(page).toHaveURL(/\/owner\/settings$/);
  await expect(page.getByText("Subscription created successfully").first()).toBeVisible();
  await expect(tier(page, "Enterprise")).toContainText("Current plan");
  await page.reload();
  await scrollToSubscription(page);
  await expect(tier(page, "Enterprise")).toContainText("Current plan");
  await expect(page.getByText(/^Subscription active/)).toBeVisible();
});

test("cancelling at PayPal says Payment cancelled and stays on free", async ({ page, request }) => {
  await newCompanyOnSettings(page, request, "owner@subscribe-cancel.test");
  await tier(page, "Basic").getByRole("button", { name: "Choose Basic" }).click();
  await tier(page, "Basic").getByRole("button", { name: "Subscribe with PayPal" }).click();
  await page.getByRole("link", { name: "Cancel and return to merchant" }).click();

  await expect(page).toHaveURL(/\/owner\/settings$/);
  await expect(page.getByText("Payment cancelled").first()).toBeVisible();
  await page.reload();
  await scrollToSubscription(page);
  await expect(tier(page, "Free")).toContainText("Current plan");
});

test("a Pro company switches to Enterprise at PayPal, then cancels after confirming and is back on free", async ({
  page,
  request,
}) => {
  await newCompanyOnSettings(page, request, "owner@subscribe-switch.test");
  await tier(page, "Pro").getByRole("button", { name: "Choose Pro" }).click();
  await tier(page, "Pro").getByRole("button", { name: "Subscribe with PayPal" }).click();
  await page.getByRole("link", { name: "Agree & Subscribe" }).click();
  await expect(tier(page, "Pro")).toContainText("Current plan");

  // Change plan: PayPal asks the subscriber to consent to the new plan, then the tier moves.
  await tier(page, "Enterprise").getByRole("button", { name: "Switch to Enterprise" }).click();
  await expect(page.getByRole("heading", { name: "Subscribe with PayPal" })).toBeVisible();
  await page.getByRole("link", { name: "Agree & Subscribe" }).click();
  await expect(page).toHaveURL(/\/owner\/settings$/);
  await expect(page.getByText("Plan changed successfully").first()).toBeVisible();
  await expect(tier(page, "Enterprise")).toContainText("Current plan");
  await expect(tier(page, "Enterprise")).toContainText("100 seats");
  await page.reload();
  await scrollToSubscription(page);
  await expect(tier(page, "Enterprise")).toContainText("Current plan");

  // Cancelling asks first; saying no changes nothing.
  await tier(page, "Enterprise").getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancel subscription?" });
  await expect(dialog).toContainText("back to the free plan with 2 seats");
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tier(page, "Enterprise")).toContainText("Current plan");

  await tier(page, "Enterprise").getByRole("button", { name: "Cancel subscription" }).click();
  await dialog.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(
    page.getByText("Subscription cancelled. Your company is back on the free plan.").first(),
  ).toBeVisible();
  await expect(tier(page, "Free")).toContainText("Current plan");
  await page.reload();
  await scrollToSubscription(page);
  await expect(tier(page, "Free")).toContainText("Current plan");
  await expect(tier(page, "Free")).toContainText("2 seats");
  await expect(
    page.getByText("Your subscription is cancelled; the company is back on the free plan."),
  ).toBeVisible();
  // Back on free, the upgrade cards are offered again.
  await expect(tier(page, "Basic").getByRole("button", { name: "Choose Basic" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the trial banner's Upgrade opens Settings at the Subscription Settings panel", async ({
    page,
    request,
  }) => {
    await createVerifiedCompany(request, "owner@subscribe-banner.test", PASSWORD);
    await signInAsCompany(page, "owner@subscribe-banner.test", PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole("link", { name: "Upgrade" }).click();
    await expect(page).toHaveURL(/\/owner\/settings#subscription$/);
    const heading = page.getByRole("heading", { name: "Subscription Settings" });
    await expect(heading).toBeInViewport();
    await expect(page.getByRole("tab", { name: "General" })).not.toBeInViewport();
    await expect(tier(page, "Free")).toContainText("Current plan");
  });
});
