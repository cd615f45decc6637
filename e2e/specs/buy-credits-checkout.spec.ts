import type { Page } from "@playwright/test";
import { startPayPalFake } from "../../apps/server/test/fakes/paypal-fake";
import { test as base, expect } from "../fixtures/server";
import { signInAsCompany } from "./auth-helpers";

// The demo company's PayPal app, as its owner enters it; the fake PayPal accepts only these credentials.
const APP = { clientId: "SummitSandboxClient-0001", secret: "SummitSandboxSecret-e2e-4242" };

// A local fake PayPal for this file's server: the server's PayPal base URLs point at it, and the
// tests choose what its next capture answers. Buying credits changes the demo buyer's balance, so the
// file runs on a database of its own.
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
test.use({ dataSet: "buy-credits" });
test.describe.configure({ mode: "serial" });

const balance = (page: Page) => page.getByTestId("credit-balance");

/** Buy Credits → the 10-credit pack → PayPal's approval page. */
async function startCheckout(page: Page) {
  await page.goto("/buyer/buy-credits");
  const pack = page.getByTestId("pack-pack_10");
  await pack.getByRole("button", { name: "Buy with PayPal · $10.00" }).click();
  await expect(page.getByRole("heading", { name: "Pay with PayPal" })).toBeVisible();
  await expect(page.getByText("10.00 USD")).toBeVisible();
}

/** The balance on Buy Credits after a reload, so it is what the server holds, not what a toast said. */
async function expectStoredBalance(page: Page, credits: number) {
  await page.reload();
  await expect(balance(page)).toHaveText(String(credits));
}

test.beforeAll(async ({ browser, workerServer }) => {
  // The owner connects the company's PayPal app (the Payment tab has no screen yet: its API).
  const context = await browser.newContext({ baseURL: workerServer.baseURL });
  const page = await context.newPage();
  await signInAsCompany(page, "owner@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  const res = await page.request.put("/api/payments/paypal/settings", {
    data: { mode: "sandbox", clientId: APP.clientId, secret: APP.secret, webhookId: "WH-SUMMIT-E2E" },
  });
  expect(res.status()).toBe(200);
  await context.close();
});

test.beforeEach(({ paypal }) => {
  paypal.state.nextCapture = "COMPLETED";
});

test("approving at PayPal adds the pack to the balance shown", async ({ page, paypal, signedInAs }) => {
  await signedInAs("buyer");
  await page.goto("/buyer/buy-credits");
  await expect(page.getByRole("heading", { name: "Buy Credits" })).toBeVisible();
  await expect(balance(page)).toHaveText("110");
  await expect(page.getByText("Payment Not Configured")).toHaveCount(0);

  await startCheckout(page);
  await page.getByRole("link", { name: "Pay Now" }).click();

  await expect(page).toHaveURL(/\/buyer\/buy-credits$/);
  await expect(page.getByText("Credits added", { exact: true })).toBeVisible();
  await expect(page.getByText("10 credits added. New balance: 120 credits.")).toBeVisible();
  await expect(balance(page)).toHaveText("120");
  expect(paypal.state.captureCalls).toBe(1);
  await expectStoredBalance(page, 120);
});

test("cancelling at PayPal says Payment cancelled and leaves the balance", async ({
  page,
  paypal,
  signedInAs,
}) => {
  await signedInAs("buyer");
  const capturesBefore = paypal.state.captureCalls;
  await startCheckout(page);
  await page.getByRole("link", { name: "Cancel and return to merchant" }).click();

  await expect(page).toHaveURL(/\/buyer\/buy-credits$/);
  await expect(page.getByText("Payment cancelled")).toBeVisible();
  await expect(balance(page)).toHaveText("120");
  expect(paypal.state.captureCalls).toBe(capturesBefore);
  await expectStoredBalance(page, 120);
});

test("a capture PayPal declines shows why and leaves the balance", async ({ page, paypal, signedInAs }) => {
  await signedInAs("buyer");
  paypal.state.nextCapture = "INSTRUMENT_DECLINED";
  await startCheckout(page);
  await page.getByRole("link", { name: "Pay Now" }).click();

  await expect(page).toHaveURL(/\/buyer\/buy-credits$/);
  await expect(page.getByText("Failed to complete purchase")).toBeVisible();
  await expect(page.getByText("Payment failed. Please try again.")).toBeVisible();
  await expect(page.getByText("Credits added", { exact: true })).toHaveCount(0);
  await expect(balance(page)).toHaveText("120");
  await expectStoredBalance(page, 120);
});
