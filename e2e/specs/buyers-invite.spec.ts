import { expect, test } from "../fixtures/server";
import { DEMO_PASSWORD, forgetSession, waitForEmail } from "./auth-helpers";

test("an invited buyer set up on the Buyers page registers from the e-mail and sees a routed lead preview", async ({
  page,
  request,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  const email = `walk.${Date.now()}@buyers.test`;
  await signedInAs("owner");

  // Invite Buyer from the Buyers page.
  await page.goto("/dashboard/buyers");
  await page.getByRole("button", { name: "Invite Buyer" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite New Buyer" });
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await expect(dialog.getByText("Please select a niche")).toBeVisible();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Niche").click();
  await page.getByRole("option", { name: "Roofing" }).click();
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

  // The pending buyer gets its service area before it registers.
  await page.getByRole("tab", { name: /Pending Buyers/ }).click();
  const localPart = email.split("@")[0]!;
  const pending = page.getByRole("article", { name: localPart });
  await expect(pending.getByText("No Account")).toBeVisible();
  await pending.getByRole("button", { expanded: false }).click();
  await expect(pending.getByRole("button", { name: "Resend Invitation" })).toBeVisible();
  await pending.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Buyer" });
  await edit.getByLabel("Company name").fill("Walkthrough Roofing");
  await edit.getByLabel("ZIP code").fill("80202");
  await edit.getByLabel("Service radius (miles)").fill("30");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Buyer updated successfully!")).toBeVisible();
  await expect(page.getByRole("article", { name: "Walkthrough Roofing" })).toContainText("Denver, CO, 80202");

  // The buyer follows the e-mailed link and registers.
  await forgetSession(page);
  const mail = await waitForEmail(request, email, "buyer_invitation");
  await page.goto(mail.links[0]!);
  const form = page.getByRole("form", { name: "Complete Your Registration" });
  await form.getByLabel("Password", { exact: true }).fill("Buyer!pass2026");
  await form.getByLabel("Confirm password").fill("Buyer!pass2026");
  await form.getByRole("button", { name: "Complete Registration" }).click();
  await expect(page).toHaveURL(/\/buyer\/dashboard$/);
  await expect(page.getByTestId("preview-card")).toHaveCount(0);

  // A visitor fills in the company's roofing form 1 mile from the buyer.
  const owner = await request.post("/api/auth/sign-in/email", {
    data: { email: "owner@leadpost.test", password: DEMO_PASSWORD },
  });
  expect(owner.status()).toBe(200);
  const { forms } = (await (await request.get("/api/forms")).json()) as {
    forms: { id: string; title: string }[];
  };
  const roofForm = forms.find((f) => f.title === "Roof Replacement Quote")!;
  const submitted = await request.post(`/api/public/forms/${roofForm.id}/submissions`, {
    data: {
      formData: {
        "f-name": "Walter Lead",
        "f-phone": "3035550142",
        "f-email": "walter.lead@example.com",
        "f-zip": "80203",
        "f-service": "Roof repair",
      },
      fillTimeMs: 5000,
      idempotencyKey: `walk-${Date.now()}-submission`,
    },
  });
  expect(submitted.status()).toBe(201);

  // The new buyer sees the routed lead as a preview, without who the lead is. Routing runs after the
  // answer, so reload until it shows; each reload gives the list time to load (a count taken right
  // after a reload sees the loading state on a busy machine). The board is below the caps card and
  // loads when scrolled to, as a user scrolling down to it.
  await expect(async () => {
    await page.reload();
    await page.getByRole("heading", { name: "Newest Lead Previews" }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId("preview-card")).toHaveCount(1, { timeout: 8_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByTestId("preview-card")).toContainText("80203");
  await expect(page.getByText("Walter Lead")).toHaveCount(0);
});
