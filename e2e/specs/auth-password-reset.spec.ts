import { expect, test } from "../fixtures/server";
import {
  createVerifiedCompany,
  expectSignInPage,
  forgetSession,
  signInAsCompany,
  waitForEmail,
} from "./auth-helpers";

test("forgot password, reset from the e-mailed link, sign in with the new password; the link works once", async ({
  page,
  request,
}) => {
  const email = `reset.${Date.now()}@example.com`;
  const oldPassword = "Old!password2026";
  const newPassword = "Brand!new2026";
  await createVerifiedCompany(request, email, oldPassword);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).first().click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByRole("button", { name: "Send Reset Instructions" }).click();
  await expect(page.getByText("Email address is required")).toBeVisible();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send Reset Instructions" }).click();
  await expect(page.getByText("Please enter a valid email address (example:")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Instructions" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Login" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send to another email" })).toBeVisible();

  const mail = await waitForEmail(request, email, "password_reset");
  const resetLink = mail.links[0]!;
  await page.goto(resetLink);
  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  // The token does not stay in the address bar.
  await expect(page).not.toHaveURL(/token=/);

  await page.getByLabel("New password", { exact: true }).fill("abc");
  await expect(page.getByText("Weak")).toBeVisible();
  await page.getByLabel("Confirm new password").fill("abd");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await expect(page.getByText("Strong")).toBeVisible();
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("heading", { name: "Password updated" })).toBeVisible();
  await expectSignInPage(page, { timeout: 10_000 });
  // The 10 s success toast goes along to the sign-in page (a page of its own, loaded anew).
  await expect(
    page.getByText("Your password has been reset. Please sign in with your new password."),
  ).toBeVisible();

  // The old password no longer works; the new one does.
  await signInAsCompany(page, email, oldPassword);
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await signInAsCompany(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same link a second time is refused, with the way to a new one.
  await forgetSession(page);
  await page.goto(resetLink);
  await expect(page.getByRole("heading", { name: "Reset link not valid" })).toBeVisible();
  await page.getByRole("link", { name: "Request New Reset Link" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});

test("the forgot-password page counts down while rate-limited", async ({ page }) => {
  await page.goto("/buyer/forgot-password");
  await page.getByLabel("Email").fill("nobody@example.com");
  // 5 requests a minute per address: keep asking until the server says wait (unknown address or not).
  const another = page.getByRole("button", { name: "Send to another email" });
  const wait = page.getByText(/Too many requests\. Please wait \d+ seconds/);
  for (let i = 0; i < 7; i++) {
    await page.getByRole("button", { name: "Send Reset Instructions" }).click();
    await expect(another.or(wait)).toBeVisible();
    if (await wait.isVisible()) break;
    await another.click();
    await page.getByLabel("Email").fill("nobody@example.com");
  }
  await expect(page.getByText(/Too many requests\. Please wait \d+ seconds/)).toBeVisible();
  await expect(page.getByRole("button", { name: /Try again in \d+s/ })).toBeDisabled();
});
