import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/server";
import { forgetSession } from "./auth-helpers";
import { installVisitorClock, passFillTime } from "./fill-time";

const XSS = `<img src=x onerror="alert('xss')">`;

/** Creates and publishes a form through the API with the signed-in page's session. */
async function publishForm(page: Page, body: Record<string, unknown>) {
  const created = await page.request.post("/api/forms", { data: body });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/forms/${id}/publish`)).status()).toBe(200);
  return id;
}

const FIELDS = [
  { id: "name", type: "text", label: "Full name", required: true, width: "half" },
  { id: "email", type: "email", label: "Email", required: true, width: "half" },
  { id: "zip", type: "text", label: "Zip code", required: false },
];

test("a malformed or unknown form id shows the not-found text", async ({ page }) => {
  await page.goto("/forms/not-a-uuid");
  await expect(page.getByText("Form not found or not published")).toBeVisible();
  await page.goto("/forms/00000000-0000-4000-8000-000000000000/embed");
  await expect(page.getByText("Form not found or not published")).toBeVisible();
});

test("the public form page loads its own small script, without the app's libraries", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  const id = await publishForm(page, { title: "Small page", fields: FIELDS });
  await forgetSession(page);
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`/forms/${id}`);
  await expect(page.getByLabel("Full name")).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /vendor-(react|router|query|zod)/.test(s))).toEqual([]);
});

test("markup in a label and in an answer renders as text", async ({ page, signedInAs }) => {
  let dialogs = 0;
  page.on("dialog", async (d) => {
    dialogs += 1;
    await d.dismiss();
  });
  await signedInAs("owner");
  const id = await publishForm(page, {
    title: "Markup test",
    fields: [...FIELDS, { id: "notes", type: "textarea", label: XSS, required: false }],
  });
  await installVisitorClock(page);
  await page.goto(`/forms/${id}`);
  await expect(page.getByText(XSS)).toBeVisible();
  await page.getByLabel("Full name").fill(XSS);
  await page.getByLabel("Email").fill("markup@example.com");
  await passFillTime(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(page.getByText("Your form has been submitted successfully.")).toBeVisible();

  await page.goto("/dashboard/leads?search=markup%40example.com");
  await expect(page.getByRole("button", { name: XSS })).toBeVisible();
  await page.getByRole("button", { name: XSS }).click();
  await expect(page.getByRole("dialog").getByText(XSS).first()).toBeVisible();
  expect(dialogs).toBe(0);
  expect(await page.locator("img[src='x']").count()).toBe(0);
});

test("fields keep their widths on wide screens and go full width below 640px", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  const id = await publishForm(page, { title: "Widths", fields: FIELDS });
  const widthOf = async (label: string) => (await page.getByLabel(label).boundingBox())?.width ?? 0;

  await page.setViewportSize({ width: 1000, height: 900 });
  await page.goto(`/forms/${id}`);
  const wideHalf = await widthOf("Full name");
  const wideFull = await widthOf("Zip code");
  expect(wideHalf / wideFull).toBeLessThan(0.6);

  await page.setViewportSize({ width: 480, height: 900 });
  await page.reload();
  expect(Math.abs((await widthOf("Full name")) - (await widthOf("Zip code")))).toBeLessThan(2);
});

test("the embed script frames the form without border and sizes the frame to it", async ({
  page,
  baseURL,
  signedInAs,
}) => {
  await signedInAs("owner");
  // The customer's site: another origin (127.0.0.2 is loopback too, so the browser lets it load the script).
  let id = "";
  const host = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><html><body><h1>Get a roof quote</h1>
      <script src="${baseURL}/api/public/embed.js" data-leadpost-form="${id}" async></script>
      <p>Footer</p></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.2", resolve));
  const { port } = host.address() as AddressInfo;
  // Only the sites listed on the form may frame it.
  id = await publishForm(page, {
    title: "Embedded quote",
    fields: FIELDS,
    redirectBehavior: "message",
    embedOrigins: [`http://127.0.0.2:${port}`],
  });
  await page.goto(`http://127.0.0.2:${port}/quote`);
  const frameElement = page.locator("iframe");
  await expect(frameElement).toHaveAttribute("src", new RegExp(`/forms/${id}/embed\\?page=`));
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { name: "Embedded quote" })).toBeVisible();
  // The script starts the frame at 640px; the form reports its own, smaller height, again as it lays out
  // (a first report can come before its fields are drawn: 152 px once on the CI machine).
  const frameHeight = async () => (await frameElement.boundingBox())?.height ?? 0;
  await expect.poll(frameHeight).toBeGreaterThan(200);
  await expect.poll(frameHeight).toBeLessThan(640);
  const card = frame.locator("main > div").first();
  await expect(card).toHaveCSS("box-shadow", "none");
  await expect(card).toHaveCSS("border-top-width", "0px");
  host.close();
});

test("a form that redirects sends the visitor to its address after submitting", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  const id = await publishForm(page, {
    title: "Redirecting",
    fields: FIELDS,
    redirectBehavior: "redirect",
    redirectUrl: "/forms/00000000-0000-4000-8000-000000000000/preview",
  });
  await installVisitorClock(page);
  await page.goto(`/forms/${id}/preview`);
  await page.getByLabel("Full name").fill("Red Irect");
  await page.getByLabel("Email").fill("redirect@example.com");
  await passFillTime(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/00000000-0000-4000-8000-000000000000\/preview$/);
});
