import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../fixtures/server";
import { installVisitorClock, passFillTime } from "./fill-time";

const FIELDS = [
  { id: "name", type: "text", label: "Full name", required: true },
  { id: "email", type: "email", label: "Email", required: true },
  { id: "zip", type: "text", label: "Zip code", required: false },
];

test("the builder's embed snippet, pasted unchanged on another site, shows the form and takes a lead; a site list that leaves that site out refuses the frame", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  const created = await page.request.post("/api/forms", {
    data: { title: "Quote anywhere", fields: FIELDS, redirectBehavior: "message" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/forms/${id}/publish`)).status()).toBe(200);

  // The snippet as the builder shows it, with where it works.
  await page.goto(`/dashboard/forms/${id}`);
  await page.getByRole("tab", { name: "Embed" }).click();
  await expect(page.getByTestId("embed-scope")).toContainText("Embeds on any site");
  const snippet = await page.getByLabel("Auto-resizing script").inputValue();
  expect(snippet).toContain(`data-leadpost-form="${id}"`);

  // The customer's site: a plain page on another origin (127.0.0.2 is loopback too), the snippet as is.
  const host = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><html><body><h1>Our roofing company</h1>${snippet}<p>Footer</p></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.2", resolve));
  const site = `http://127.0.0.2:${(host.address() as AddressInfo).port}/`;
  try {
    await installVisitorClock(page);
    await page.goto(site);
    const frame = page.frameLocator("iframe");
    await expect(frame.getByRole("heading", { name: "Quote anywhere" })).toBeVisible();
    await frame.getByLabel("Full name").fill("Emma Bedded");
    await frame.getByLabel("Email").fill("embed-anywhere@example.com");
    await passFillTime(page);
    await frame.getByRole("button", { name: "Submit" }).click();
    await expect(frame.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    const leads = await page.request.get("/api/leads?search=embed-anywhere%40example.com");
    expect(((await leads.json()) as { total: number }).total).toBe(1);

    // Listing sites restricts the embed to them: this site is not one, so the browser refuses the frame.
    const listed = await page.request.patch(`/api/forms/${id}`, {
      data: { embedOrigins: ["https://www.elsewhere.example"] },
    });
    expect(listed.status()).toBe(200);
    await page.goto(`/dashboard/forms/${id}`);
    await page.getByRole("tab", { name: "Embed" }).click();
    await expect(page.getByTestId("embed-scope")).toContainText("Only on: https://www.elsewhere.example");
    const refused = page.waitForResponse((r) => r.url().includes(`/forms/${id}/embed`));
    await page.goto(site);
    const csp = (await refused).headers()["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'self' https://www.elsewhere.example");
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((f) => f !== page.mainFrame())
            ?.url() ?? "",
      )
      .toContain("chrome-error://");
    await expect(page.frameLocator("iframe").getByRole("heading", { name: "Quote anywhere" })).toHaveCount(0);
  } finally {
    host.close();
  }
});
