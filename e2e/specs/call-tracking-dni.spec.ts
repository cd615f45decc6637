import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures/server";

const STATIC = "5551234567";
// The customer's page shows its number in every way people write it, and as a tel: link.
const FORMATS = ["(555) 123-4567", "555-123-4567", "555.123.4567", "+1 555 123 4567", "5551234567"];
const GOOGLE = ["(555) 200-0001", "555-200-0001", "555.200.0001", "+1 555 200 0001", "5552000001"];
const DIRECT = ["(555) 300-0002", "555-300-0002", "555.300.0002", "+1 555 300 0002", "5553000002"];

function customerSite(scriptUrl: string) {
  const page = (title: string, extra = "") => `<!doctype html><html><head><title>${title}</title></head><body>
    <h1>${title}</h1>
    <ul>${FORMATS.map((f, i) => `<li id="n${i}">Call us: ${f}</li>`).join("")}</ul>
    <p id="order">Order number 155512345678</p>
    <a id="tel" href="tel:+15551234567">Tap to call</a>
    <p id="split">Call <span class="area">(555)</span> <b>123</b>&#8211;4567</p>
    <a id="icon" href="TEL:555-123-4567" aria-label="Call 555-123-4567" title="(555) 123-4567">&#9742;</a>
    <a id="next" href="/second">Our services</a>
    ${extra}
    <script src="${scriptUrl}" async></script>
    <script src="${scriptUrl}&again=1" async></script></body></html>`;
  const later = `<script>setTimeout(function () {
      var p = document.createElement("p"); p.id = "late"; p.textContent = "Or text (555) 123-4567";
      document.body.appendChild(p);
    }, 300);</script>`;
  return createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(req.url?.startsWith("/second") ? page("Services") : page("Roof repair", later));
  });
}

async function addNumber(request: APIRequestContext, phoneNumber: string, source: string) {
  const res = await request.post("/api/call-tracking/dni-numbers", {
    data: { phoneNumber, staticNumber: "(555) 123-4567", source, isDefault: source === "direct" },
  });
  expect(res.status()).toBe(201);
}

test("the pasted script swaps the number for the visit's source and records the visit", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/login");
  await page.getByLabel("Email").first().fill("owner@leadpost.test");
  await page.getByLabel("Password").first().fill("Leadpost!2026");
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await addNumber(page.request, "+15552000001", "google");
  await addNumber(page.request, "+15553000002", "direct");
  const setup = (await (await page.request.get("/api/call-tracking/setup")).json()) as { scriptUrl: string };

  // The customer's site: another origin on loopback.
  const site: Server = customerSite(`${setup.scriptUrl}&static=${STATIC}&debug=false`);
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.2", resolve));
  const origin = `http://127.0.0.2:${(site.address() as AddressInfo).port}`;
  const visitor = await browser.newContext({ baseURL: origin });
  // The first visit's answer is slow: the visitor moves to another page before it arrives.
  let slowed = 0;
  await visitor.route("**/api/public/dni/sessions", async (route) => {
    slowed += 1;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const tab = await visitor.newPage();

  await tab.goto(`${origin}/?utm_source=google&utm_campaign=spring`);
  for (const [i, shown] of GOOGLE.entries())
    await expect(tab.locator(`#n${i}`)).toHaveText(`Call us: ${shown}`);
  await expect(tab.locator("#tel")).toHaveAttribute("href", "tel:+15552000001");
  await expect(tab.locator("#order")).toHaveText("Order number 155512345678");
  await expect(tab.locator("#late")).toHaveText("Or text (555) 200-0001");
  // Split across elements, an en dash, labels and a TEL: link in capitals.
  await expect(tab.locator("#split")).toHaveText("Call (555) 200\u20130001");
  await expect(tab.locator("#icon")).toHaveAttribute("href", "TEL:555-200-0001");
  await expect(tab.locator("#icon")).toHaveAttribute("aria-label", "Call 555-200-0001");
  await expect(tab.locator("#icon")).toHaveAttribute("title", "(555) 200-0001");

  // The snippet is on the page twice: one visit is recorded (checked below).
  // A later page of the same visit has no campaign of its own and still shows the google number.
  await tab.locator("#next").click();
  await expect(tab.getByRole("heading", { name: "Services" })).toBeVisible();
  for (const [i, shown] of GOOGLE.entries())
    await expect(tab.locator(`#n${i}`)).toHaveText(`Call us: ${shown}`);

  expect(slowed).toBe(1);
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/call-tracking/sessions");
      const body = (await res.json()) as { sessions: { source: string; utmCampaign: string | null }[] };
      return body.sessions.map((s) => `${s.source}:${s.utmCampaign}`);
    })
    .toEqual(["google:spring"]);

  // Another visitor with no source sees the direct number.
  const other = await browser.newContext({ baseURL: origin });
  const otherTab = await other.newPage();
  await otherTab.goto(`${origin}/`);
  for (const [i, shown] of DIRECT.entries())
    await expect(otherTab.locator(`#n${i}`)).toHaveText(`Call us: ${shown}`);
  await expect(otherTab.locator("#tel")).toHaveAttribute("href", "tel:+15553000002");

  await visitor.close();
  await other.close();
  site.close();
  expect(baseURL).toBeTruthy();
});

test("every call tracking tab is usable at a phone's width", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").first().fill("owner@leadpost.test");
  await page.getByLabel("Password").first().fill("Leadpost!2026");
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const add = await page.request.post("/api/call-tracking/dni-numbers", {
    data: {
      phoneNumber: "+17205557001",
      staticNumber: "(555) 123-4567",
      source: "bing",
      label: "Spring ads",
    },
  });
  expect(add.status()).toBe(201);
  const phone = await page.request.post("/api/calls/phone-numbers", {
    data: { phoneNumber: "+17205557002", type: "tracking", description: "Spring campaign" },
  });
  expect(phone.status()).toBe(201);
  const { phoneNumber } = (await phone.json()) as { phoneNumber: { id: string } };
  const created = await page.request.post("/api/call-tracking/tracking-numbers", {
    data: {
      phoneNumberId: phoneNumber.id,
      source: "google_ads",
      destinationNumber: "(303) 555-0100",
      campaignId: "spring-2026",
    },
  });
  expect(created.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/calls/dni");
  const onScreen = async (name: RegExp) => {
    const box = await page.getByRole("button", { name }).first().boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  };
  const noOverflow = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const tab of [
    "Setup Instructions",
    "Legacy Numbers",
    "Call Tracking",
    "Analytics",
    "Recent Sessions",
  ]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    await noOverflow();
    if (tab === "Legacy Numbers") {
      await expect(page.getByText("(720) 555-7001")).toBeVisible();
      await onScreen(/^Edit \+17205557001$/);
      await onScreen(/^Delete \+17205557001$/);
    }
    if (tab === "Call Tracking") {
      await expect(page.getByText("(303) 555-0100").first()).toBeVisible();
      await onScreen(/^Delete tracking number/);
    }
  }
});
