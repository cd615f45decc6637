import { expect, test } from "../fixtures/server";

// docs/lead-delivery.md: a company adds a delivery endpoint on a buyer, sends a test lead and reads the
// log. The endpoint is this server's development receiver, the address the demo data uses too.
test("a company adds a buyer's delivery endpoint, sends a test lead and sees the log", async ({
  page,
  baseURL,
  signedInAs,
}) => {
  await signedInAs("owner");
  await page.goto("/dashboard/buyers");
  await page.getByRole("button", { name: "Show details of Peak Roofers" }).click();
  await page.getByRole("button", { name: "Lead delivery" }).click();
  const dialog = page.getByRole("dialog", { name: "Lead delivery: Peak Roofers" });
  await expect(dialog.getByText("No delivery endpoints")).toBeVisible();

  // An internal address is refused, the message beside the URL field.
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  const form = page.getByRole("dialog", { name: "Add endpoint" });
  await form.getByLabel("Name").fill("Peak CRM");
  await form.getByLabel("URL").fill("http://169.254.169.254/latest/meta-data");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(form.getByText(/points to 169\.254\.169\.254, a private, loopback, link-local/)).toBeVisible();

  await form.getByLabel("URL").fill(`${baseURL}/dev/lead-receiver`);
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const secret = page.getByRole("dialog", { name: "Signing secret of Peak CRM" });
  await expect(secret.getByRole("textbox", { name: "Signing secret" })).toHaveValue(/^lpsec_/);
  const last4 = (await secret.getByRole("textbox", { name: "Signing secret" }).inputValue()).slice(-4);
  await secret.getByRole("button", { name: "Done" }).click();

  const endpoint = dialog.getByRole("listitem", { name: "Peak CRM" });
  await expect(endpoint.getByText(`Signing secret ending in ${last4}`)).toBeVisible();
  await endpoint.getByRole("button", { name: "Send test lead" }).click();
  await expect(page.getByText("The endpoint accepted the test lead")).toBeVisible();
  const delivery = endpoint.getByTestId("delivery-item").first();
  await expect(delivery.getByText("Test lead")).toBeVisible();
  await expect(delivery.getByText("Accepted", { exact: true })).toBeVisible();
  await expect(delivery.getByText(/Attempt 1 · .* · HTTP 200 · accepted/)).toBeVisible();
  await expect(delivery.getByText('{"status":"accepted"}')).toBeVisible();

  // The receiver got it, signed with the endpoint's secret.
  const received = await page.request.get("/dev/lead-receiver.json");
  const { received: rows } = (await received.json()) as {
    received: { event: string; signatureValid: boolean | null; body: string }[];
  };
  // The receiver is the worker server's own: leads other tests route to the demo buyer arrive there too.
  expect(rows.find((r) => r.event === "lead.test")).toMatchObject({ signatureValid: true });

  // The screen as a reviewer sees it: wide, then a phone in dark mode.
  await page.screenshot({ path: test.info().outputPath("lead-delivery-1280.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(endpoint.getByRole("button", { name: "Send test lead" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("lead-delivery-390-dark.png"), fullPage: true });
});
