import { expect, test } from "../fixtures/server";
import { signInAsCompany } from "./auth-helpers";

const MAP_TOKEN = "pk.eyJ1IjoibGVhZHBvc3QtZTJlIn0.e2e-token";
// A 1×1 PNG: the company logo.
const LOGO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
// Mapbox's style for the token, answered here (tests have no network): a plain background, no tiles.
const MAP_STYLE = {
  version: 8,
  sources: {},
  layers: [{ id: "land", type: "background", paint: { "background-color": "#e8eef3" } }],
};

test("an owner fills and saves each settings tab, reloads, and sees the values with secrets masked", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  await page.goto("/dashboard");
  // Without a map token the buyers map is hidden.
  await expect(page.getByText("Active Lead Buyers Map")).toHaveCount(0);

  await page.goto("/owner/settings");
  await expect(page.getByRole("heading", { name: "Company Settings" })).toBeVisible();
  const tab = (name: string) => page.getByRole("tab", { name, exact: true }).click();

  await tab("General");
  await page.getByLabel("Company name").fill("Summit Settings Co");
  await page.getByLabel("Credit value ($ per credit)").fill("2.5");
  await tab("Payment");
  await page.getByLabel("PayPal production client ID").fill("LiveClientId-E2E-0001");
  await page.getByLabel("PayPal production secret").fill("LiveSecret-E2E-abcd-9911");
  await page.getByLabel("Live publishable key").fill("pk_live_e2e");
  await page.getByLabel("Live secret key").fill("sk_live_e2e_secret_5566");
  await tab("Email");
  await page.getByLabel("Email domain").fill("summit.example");
  await page.getByLabel("Administrator email").fill("admin@summit.example");
  await page.getByLabel("Sender email").fill("leads@summit.example");
  await page.getByLabel("Resend API key").fill("re_e2e_resend_key_7788");
  await tab("Twilio");
  await page.getByLabel("Account SID").fill("AC0000000000000000000000000000e2e1");
  await page.getByLabel("Auth token").fill("twilio-e2e-token-4455");
  await tab("Maps");
  await page.getByLabel("Google Maps API key").fill("AIzaE2EMapsKey-3344");
  await page.getByLabel("Map token").fill(MAP_TOKEN);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved successfully")).toBeVisible();

  // The logo: shown in the shell's sidebar at once, with the company's name as its alt text.
  await tab("General");
  await page.locator("#company-logo").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: LOGO_PNG,
  });
  await expect(page.getByText("Logo uploaded successfully")).toBeVisible();
  const shellLogo = page.getByRole("img", { name: "Summit Settings Co logo" });
  await expect(shellLogo).toBeVisible();
  await tab("Maps");

  await page.reload();
  await expect(shellLogo).toBeVisible();
  // The open tab is kept in the address, so the reload shows Maps again.
  await expect(page).toHaveURL(/[?&]tab=maps/);
  await expect(page.getByLabel("Map token")).toHaveValue(MAP_TOKEN);
  await tab("General");
  await expect(page.getByLabel("Company name")).toHaveValue("Summit Settings Co");
  await expect(page.getByLabel("Credit value ($ per credit)")).toHaveValue("2.5");
  await tab("Payment");
  await expect(page.getByLabel("PayPal production client ID")).toHaveValue("LiveClientId-E2E-0001");
  await expect(page.getByLabel("PayPal production secret")).toHaveValue("");
  await expect(page.getByLabel("PayPal production secret")).toHaveAttribute("placeholder", "•••• 9911");
  await expect(page.getByLabel("Live secret key")).toHaveAttribute("placeholder", "•••• 5566");
  await tab("Email");
  await expect(page.getByLabel("Email domain")).toHaveValue("summit.example");
  await expect(page.getByLabel("Sender email")).toHaveValue("leads@summit.example");
  await expect(page.getByLabel("Resend API key")).toHaveAttribute("placeholder", "•••• 7788");
  await tab("Twilio");
  await expect(page.getByLabel("Account SID")).toHaveValue("AC0000000000000000000000000000e2e1");
  await expect(page.getByLabel("Auth token")).toHaveAttribute("placeholder", "•••• 4455");
  await tab("Maps");
  await expect(page.getByLabel("Map token")).toHaveValue(MAP_TOKEN);
  await expect(page.getByLabel("Google Maps API key")).toHaveAttribute("placeholder", "•••• 3344");
  await expect(page.locator("body")).not.toContainText("re_e2e_resend_key_7788");

  await tab("API Keys");
  await page.getByLabel("Key name").fill("E2E CRM");
  await page.getByRole("button", { name: "Create API Key" }).click();
  await expect(page.getByText("Copy this key now: it will not be shown again.")).toBeVisible();
  await expect(
    page
      .locator("code")
      .filter({ hasText: /^lp_live_/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText("E2E CRM")).toBeVisible();
  await tab("Backup");
  await page.getByRole("button", { name: "Create Backup Now" }).click();
  await expect(page.getByText(/^manual_/).first()).toBeVisible();

  // The map token shows the buyers map on the dashboard: the map drawn with the token's style, a
  // marker per located buyer, and never the failure notice.
  const styleTokens: (string | null)[] = [];
  await page.route("https://api.mapbox.com/**", async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname !== "/styles/v1/mapbox/streets-v12") return route.fulfill({ status: 404, body: "" });
    styleTokens.push(url.searchParams.get("access_token"));
    return route.fulfill({ json: MAP_STYLE });
  });
  await page.goto("/dashboard");
  await expect(page.getByText("Active Lead Buyers Map")).toBeVisible();
  const map = page.getByRole("region", { name: "Map of active buyers and their service areas" });
  await expect(map.locator("canvas.maplibregl-canvas")).toBeVisible();
  await expect(map.locator(".maplibregl-marker").first()).toBeVisible();
  await expect(page.getByText("Failed to load buyers map")).toHaveCount(0);
  expect(styleTokens).toContain(MAP_TOKEN);
});

test("a member sees the permission message on settings", async ({ page, signedInAs }) => {
  await signedInAs("member");
  await page.goto("/owner/settings");
  await expect(
    page.getByText("You don't have permission to access this area. Owner or Admin role required."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Settings" })).toHaveCount(0);
});

test("an owner saves preferences and reads the sign-in history", async ({ page }) => {
  await signInAsCompany(page, "owner@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/settings/preferences");
  await page.getByLabel("Currency").selectOption("CAD");
  await page.getByRole("switch", { name: "Hide customer phone" }).click();
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Preferences updated successfully")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Currency")).toHaveValue("CAD");
  await expect(page.getByRole("switch", { name: "Hide customer phone" })).toBeChecked();

  await page.goto("/dashboard/settings/auth-events");
  await expect(page.getByRole("columnheader", { name: "Event" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "owner@leadpost.test" }).first()).toBeVisible();
  await page.getByLabel("Email").fill("nobody-at-all@example.com");
  await expect(page.getByText("No events found")).toBeVisible();
});
