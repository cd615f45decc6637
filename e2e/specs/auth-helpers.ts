import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect } from "../fixtures/server";

export { DEMO_PASSWORD };

type TMailboxMessage = { to: string; subject: string; kind: string; html: string; createdAt: string };

/** Waits for the newest message of a kind to an address in the dev mailbox and returns its links. */
export async function waitForEmail(
  request: APIRequestContext,
  to: string,
  kind: string,
  options: { after?: string } = {},
): Promise<{ subject: string; links: string[] }> {
  let found: TMailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
        const { messages } = (await res.json()) as { messages: TMailboxMessage[] };
        found = messages.find((m) => m.kind === kind && (!options.after || m.createdAt > options.after));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const links = [...found!.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  return { subject: found!.subject, links };
}

/** Signs in on the Company Owner tab of /login. */
export async function signInAsCompany(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Company sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

/**
 * The app has sent the browser to the sign-in page. That page is one of its own, which the app loads
 * anew after its router has already shown /login in the address bar: wait for the page itself, or the
 * next navigation of the test is cut off by that load.
 */
export async function expectSignInPage(page: Page, opts: { timeout?: number } = {}) {
  await expect(page).toHaveURL(/\/login$/, opts);
  await expect(page.getByRole("form", { name: "Company sign in" })).toBeVisible(opts);
}

/**
 * Forgets the signed-in user, as a new visitor on this browser: the open app is left first, or it may
 * notice the missing session on its next request and load the sign-in page in the middle of the test's
 * next navigation.
 */
export async function forgetSession(page: Page) {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/** Signs out from the header's Logout button and checks the toast and the redirect. */
export async function signOutFromHeader(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expectSignInPage(page);
}

/** A company owner registered through the API whose e-mail is verified (link followed from the mailbox). */
export async function createVerifiedCompany(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/accounts/company", {
    data: {
      companyName: `Company of ${email}`,
      contactName: "Test Owner",
      phone: "3035550100",
      email,
      password,
      confirmPassword: password,
    },
  });
  expect(res.status()).toBe(201);
  const mail = await waitForEmail(request, email, "email_verification");
  const verify = await request.get(mail.links[0]!, { maxRedirects: 0 });
  expect(verify.status()).toBe(302);
  expect(verify.headers().location).not.toContain("error");
}
