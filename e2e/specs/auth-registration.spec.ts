import { expect, test } from "../fixtures/server";
import { expectSignInPage, signInAsCompany, signOutFromHeader, waitForEmail } from "./auth-helpers";

test("a company registers, verifies its e-mail from the mailbox, signs out and signs in again", async ({
  page,
  request,
}) => {
  const email = `owner.${Date.now()}@northwind.test`;
  const password = "Roof!ng2026";

  await page.goto("/login");
  await page.getByRole("link", { name: "Create a Company Account" }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
  const form = page.getByRole("form", { name: "Create a Company Account" });

  // The 000 §5.2 messages before anything is sent.
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(form.getByText("Company name is required")).toBeVisible();
  await expect(form.getByText("Contact name is required")).toBeVisible();
  await expect(form.getByText("Please enter a valid phone number")).toBeVisible();
  await expect(form.getByText("Invalid email address")).toBeVisible();

  await form.getByLabel("Company name").fill("Northwind Roofing");
  await form.getByLabel("Contact name").fill("Nora West");
  await form.getByLabel("Phone").fill("(303) 555-0199");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Confirm password").fill("Different!1");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await form.getByLabel("Confirm password").fill(password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  // Not verified yet: the login says so.
  await signInAsCompany(page, email, password);
  await expect(page.getByRole("alert")).toContainText("Your email has not been verified");

  const mail = await waitForEmail(request, email, "email_verification");
  await page.goto(mail.links[0]!);
  await expect(page).toHaveURL(/\/auth\/callback/);
  await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
  // The callback redirects after 2 seconds.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  await signOutFromHeader(page);
  await page.goto("/dashboard");
  await expectSignInPage(page);

  await signInAsCompany(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a used or made-up verification link shows Verification Failed with its two ways out", async ({
  page,
}) => {
  await page.goto("/api/auth/verify-email?token=made-up&callbackURL=/auth/callback");
  await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Try Registration Again" })).toHaveAttribute(
    "href",
    "/auth/register",
  );
  await page.getByRole("link", { name: "Go to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a wrong password gets the spec's message", async ({ page }) => {
  await signInAsCompany(page, "owner@leadpost.test", "Wrong!password1");
  await expect(page.getByRole("alert")).toHaveText(
    "Invalid email or password. Please check your credentials and try again.",
  );
});
