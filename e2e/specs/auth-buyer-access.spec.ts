import { expect, test } from "../fixtures/server";
import { DEMO_PASSWORD, waitForEmail } from "./auth-helpers";

test("a buyer invited by a company registers from the e-mailed link and lands on /buyer/dashboard", async ({
  page,
  request,
  signedInAs,
}) => {
  const email = `invited.${Date.now()}@buyers.test`;
  // The company side invites through the API (the buyers screen is not part of these pages).
  await signedInAs("owner");
  const leads = await page.request.get("/api/leads?pageSize=50");
  const { leads: rows } = (await leads.json()) as { leads: { niche: { id: string } | null }[] };
  const nicheId = rows.find((l) => l.niche)?.niche?.id;
  expect(nicheId).toBeTruthy();
  const invite = await page.request.post("/api/buyers/invite", { data: { email, nicheId } });
  expect(invite.status()).toBe(200);
  await page.context().clearCookies();

  const mail = await waitForEmail(request, email, "buyer_invitation");
  await page.goto(mail.links[0]!);
  await expect(page.getByRole("heading", { name: "Complete Your Registration" })).toBeVisible();
  await expect(page.getByText("Summit Home Services")).toBeVisible();
  const form = page.getByRole("form", { name: "Complete Your Registration" });
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expect(form.getByLabel("Email")).toHaveAttribute("readonly", "");
  await form.getByLabel("Password", { exact: true }).fill("Buyer!pass2026");
  await form.getByLabel("Confirm password").fill("Buyer!pass2026");
  await form.getByRole("button", { name: "Complete Registration" }).click();

  await expect(page).toHaveURL(/\/buyer\/dashboard$/);
  await expect(page.getByText("Lead Buyer Portal").first()).toBeVisible();

  // The link works once: a second visit is sent to the buyer sign-in with the reason (000 §2.6).
  await page.context().clearCookies();
  await page.goto(mail.links[0]!);
  await expect(page).toHaveURL(/\/buyer\/login$/);
  await expect(page.getByText("This invitation has already been used")).toBeVisible();
});

test("a buyer-only user opening /dashboard/forms is sent to /buyer/dashboard", async ({ page }) => {
  await page.goto("/buyer/login");
  await page.getByLabel("Email").fill("  BUYER@leadpost.test ");
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/buyer\/dashboard$/);

  await page.goto("/dashboard/forms");
  await expect(page).toHaveURL(/\/buyer\/dashboard$/);
  await expect(page.getByText("Lead Buyer Portal").first()).toBeVisible();
});

test("a company admin opening a buyer route without buyer mode is sent to /dashboard", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  await page.goto("/buyer/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/buyer/my-leads");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the standalone buyer login validates its fields (both required, password 6+)", async ({ page }) => {
  await page.goto("/buyer/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await page.getByLabel("Email").fill("buyer@leadpost.test");
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByRole("link", { name: "Register as a Lead Buyer" })).toHaveAttribute(
    "href",
    "/register",
  );
});
