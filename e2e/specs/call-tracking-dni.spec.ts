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
    <a id="next" href="/second">Our services</a>
    ${extra}
    <script src="${scriptUrl}" async></script></body></html>`;
  const later = `<script>setTimeout(function () {
      var p = document.createElement("p"); p.id = "late"; p.textContent = "Or text (555) 123-4567";
      document.body.appendChild(p);
    }, 300);</script>`;
  return createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
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
  const tab = await visitor.newPage();

  await tab.goto(`${origin}/?utm_source=google&utm_campaign=spring`);
  for (const [i, shown] of GOOGLE.entries())
    await expect(tab.locator(`#n${i}`)).toHaveText(`Call us: ${shown}`);
  await expect(tab.locator("#tel")).toHaveAttribute("href", "tel:+15552000001");
  await expect(tab.locator("#order")).toHaveText("Order number 155512345678");
  await expect(tab.locator("#late")).toHaveText("Or text (555) 200-0001");

  // A later page of the same visit has no campaign of its own and still shows the google number.
  await tab.locator("#next").click();
  await expect(tab.getByRole("heading", { name: "Services" })).toBeVisible();
  for (const [i, shown] of GOOGLE.entries())
    await expect(tab.locator(`#n${i}`)).toHaveText(`Call us: ${shown}`);

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
