import { expect, test } from "../fixtures/server";
import {
  createVerifiedCompany,
  expectSignInPage,
  forgetSession,
  signInAsCompany,
  waitForEmail,
} from "./auth-helpers";

test("the one-time-code page resets a password with the e-mailed code", async ({ page, request }) => {
  const email = `code.${Date.now()}@example.com`;
  await createVerifiedCompany(request, email, "Before!2026");

  await page.goto("/auth/chat-password-reset");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();

  const mail = await waitForEmail(request, email, "one_time_code");
  const code = mail.subject.match(/(\d{6})$/)![1]!;
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Code is required")).toBeVisible();

  await page.getByLabel("Code").fill("000000");
  await page.getByLabel("New password", { exact: true }).fill("After!2026");
  await page.getByLabel("Confirm new password").fill("After!2026");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid or expired code");

  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("heading", { name: "Password updated" })).toBeVisible();
  await expectSignInPage(page, { timeout: 10_000 });
  await signInAsCompany(page, email, "After!2026");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("Create Your Password from an invitation lands in the buyer portal and ignores a foreign redirect_to", async ({
  page,
  request,
}) => {
  const email = `create.${Date.now()}@buyers.test`;
  await signInAsCompany(page, "owner@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  const leads = await page.request.get("/api/leads?pageSize=50");
  const { leads: rows } = (await leads.json()) as { leads: { niche: { id: string } | null }[] };
  const nicheId = rows.find((l) => l.niche)?.niche?.id;
  expect((await page.request.post("/api/buyers/invite", { data: { email, nicheId } })).status()).toBe(200);
  await forgetSession(page);

  const mail = await waitForEmail(request, email, "buyer_invitation");
  const token = new URL(mail.links[0]!).searchParams.get("token")!;
  await page.goto(`/auth/create-password?token=${token}&type=invite&redirect_to=https://evil.test/`);
  await expect(page.getByRole("heading", { name: "Create Your Password" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("other");
  await page.getByRole("button", { name: "Create Password" }).click();
  await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("Created!2026");
  await page.getByLabel("Confirm password").fill("Created!2026");
  await page.getByRole("button", { name: "Create Password" }).click();
  // Default destination /lead-buyer, which is the buyer dashboard.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/buyer\/dashboard$/);
});
