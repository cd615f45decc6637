import { MAPS_TEST_MESSAGES, SETTINGS_MESSAGES } from "@leadpost/shared";
import type { Page } from "@playwright/test";
import { startGoogleGeocoderFake } from "../../apps/server/test/fakes/google-geocoder-fake";
import { startPayPalFake } from "../../apps/server/test/fakes/paypal-fake";
import { fakeResendDomain, startResendFake } from "../../apps/server/test/fakes/resend-fake";
import { startTwilioFake } from "../../apps/server/test/fakes/twilio-fake";
import { test as base, expect } from "../fixtures/server";

// What the fakes accept; anything else is refused the way the real provider refuses it.
const PAYPAL_APP = { clientId: "SummitLiveClient-E2E-01", secret: "SummitLivePaypalSecret-e2e-7001" };
const RESEND_KEY = "re_summit_e2e_valid_key_4242";
const TWILIO = {
  sid: "AC00000000000000000000000000e2e777",
  authToken: "twilio-e2e-valid-token-9001",
  friendlyName: "Summit Calls",
};
const MAPS = {
  ok: "AIzaE2E-ok-key-000001",
  zero: "AIzaE2E-zero-key-00002",
  denied: "AIzaE2E-denied-key-003",
  over: "AIzaE2E-over-key-00004",
};
const DOMAIN = "summit-verify.example";

type TFakes = {
  paypal: Awaited<ReturnType<typeof startPayPalFake>>;
  resend: Awaited<ReturnType<typeof startResendFake>>;
  twilio: Awaited<ReturnType<typeof startTwilioFake>>;
  geocoder: Awaited<ReturnType<typeof startGoogleGeocoderFake>>;
};

const test = base.extend<object, { fakes: TFakes }>({
  fakes: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const fakes: TFakes = {
        paypal: await startPayPalFake(PAYPAL_APP),
        resend: await startResendFake({ apiKey: RESEND_KEY }),
        twilio: await startTwilioFake(TWILIO),
        geocoder: await startGoogleGeocoderFake({
          [MAPS.ok]: "OK",
          [MAPS.zero]: "ZERO_RESULTS",
          [MAPS.denied]: "REQUEST_DENIED",
          [MAPS.over]: "OVER_QUERY_LIMIT",
        }),
      };
      await use(fakes);
      await Promise.all(Object.values(fakes).map((f) => f.close()));
    },
    { scope: "worker" },
  ],
  // The server under test talks to the fakes instead of PayPal, Resend, Twilio and Google.
  serverEnv: [
    async ({ fakes }, use) =>
      use({
        PAYPAL_LIVE_API_URL: fakes.paypal.url,
        PAYPAL_SANDBOX_API_URL: fakes.paypal.url,
        RESEND_API_BASE_URL: fakes.resend.url,
        TWILIO_API_BASE_URL: fakes.twilio.url,
        GOOGLE_MAPS_API_BASE_URL: fakes.geocoder.url,
      }),
    { scope: "worker" },
  ],
});
// A database of its own: the demo company's integrations are changed here.
test.use({ dataSet: "settings-verify", viewport: { width: 390, height: 844 }, colorScheme: "dark" });
test.describe.configure({ mode: "serial" });

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText(SETTINGS_MESSAGES.SAVED).first()).toBeVisible();
}

/** The verify results are role=status lines under the buttons. */
const result = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ page, signedInAs }) => {
  await signedInAs("owner");
  await page.goto("/owner/settings");
  await expect(page.getByRole("heading", { name: "Company Settings" })).toBeVisible();
});

test("PayPal: Verify All Credentials asks PayPal's OAuth token endpoint for each saved pair", async ({
  page,
  fakes,
}) => {
  await openTab(page, "Payment");
  await page.getByLabel("PayPal production client ID").fill(PAYPAL_APP.clientId);
  await page.getByLabel("PayPal production secret").fill(PAYPAL_APP.secret);
  await page.getByLabel("PayPal sandbox client ID").fill("SummitSandboxClient-E2E-02");
  await page.getByLabel("PayPal sandbox secret").fill("not-the-sandbox-secret-0000");
  await save(page);
  await page.getByRole("button", { name: "Verify All Credentials" }).click();
  await expect(result(page, SETTINGS_MESSAGES.PAYPAL_LIVE_VERIFIED)).toBeVisible();
  await expect(result(page, "Sandbox PayPal credentials: Client Authentication failed")).toBeVisible();
  const tokenCalls = fakes.paypal.requests.filter((r) => r.path === "/v1/oauth2/token");
  expect(tokenCalls.length).toBeGreaterThanOrEqual(2);
  await expectNoSideways(page);
});

test("Resend: Verify Key and Check Domain Status through Resend's API", async ({ page, fakes }) => {
  await openTab(page, "Email");
  await page.getByLabel("Email domain").fill(DOMAIN);
  await page.getByLabel("Sender email").fill(`leads@${DOMAIN}`);
  await page.getByLabel("Resend API key").fill("re_wrong_key_e2e_0000");
  await page.getByRole("button", { name: "Verify Key" }).click();
  await expect(result(page, "API key is invalid")).toBeVisible();

  await page.getByLabel("Resend API key").fill(RESEND_KEY);
  await page.getByRole("button", { name: "Verify Key" }).click();
  await expect(result(page, "API key is valid")).toBeVisible();
  await save(page);

  // Added at Resend, DKIM not published yet: Domain Not Verified, with what is missing.
  fakes.resend.domains.push(fakeResendDomain(DOMAIN, { spf: true, dkim: false, dmarc: false }));
  await page.getByRole("button", { name: "Check Domain Status" }).click();
  await expect(
    result(page, `${SETTINGS_MESSAGES.DOMAIN_NOT_VERIFIED} — SPF ✓, DKIM ✗, DMARC ✗`),
  ).toBeVisible();
  fakes.resend.domains.splice(0, 1, fakeResendDomain(DOMAIN, { spf: true, dkim: true, dmarc: true }));
  await page.getByRole("button", { name: "Check Domain Status" }).click();
  await expect(result(page, `${SETTINGS_MESSAGES.DOMAIN_VERIFIED} — SPF ✓, DKIM ✓, DMARC ✓`)).toBeVisible();
  expect(fakes.resend.requests.some((r) => r.path === "/domains")).toBe(true);
  await expectNoSideways(page);
});

test("Twilio: Verify Credentials against Twilio's account API", async ({ page }) => {
  await openTab(page, "Twilio");
  await page.getByLabel("Account SID").fill(TWILIO.sid);
  await page.getByLabel("Auth token").fill("a-wrong-twilio-token-000");
  await page.getByRole("button", { name: "Verify Credentials" }).click();
  await expect(result(page, SETTINGS_MESSAGES.TWILIO_INVALID)).toBeVisible();

  await page.getByLabel("Auth token").fill(TWILIO.authToken);
  await page.getByRole("button", { name: "Verify Credentials" }).click();
  await expect(result(page, `Connected to ${TWILIO.friendlyName}`)).toBeVisible();
  await expectNoSideways(page);
});

test("Maps: Test API Key geocodes Los Angeles and shows each of Google's answers", async ({
  page,
  fakes,
}) => {
  await openTab(page, "Maps");
  const key = page.getByLabel("Google Maps API key");
  const testKey = () => page.getByRole("button", { name: "Test API Key" }).click();

  await key.fill("short");
  await testKey();
  await expect(result(page, SETTINGS_MESSAGES.MAPS_KEY_INVALID)).toBeVisible();
  const answers = [
    [MAPS.denied, "REQUEST_DENIED"],
    [MAPS.zero, "ZERO_RESULTS"],
    [MAPS.over, "OVER_QUERY_LIMIT"],
    [MAPS.ok, "OK"],
  ] as const;
  for (const [apiKey, status] of answers) {
    await key.fill(apiKey);
    await testKey();
    await expect(result(page, `${status}: ${MAPS_TEST_MESSAGES[status]}`)).toBeVisible();
  }
  const asked = fakes.geocoder.requests.map((r) => new URL(r.path, "http://fake").searchParams);
  expect(asked.map((q) => q.get("key"))).toEqual(answers.map(([k]) => k));
  expect(asked.every((q) => q.get("address") === "Los Angeles, CA")).toBe(true);
  await expectNoSideways(page);
});
