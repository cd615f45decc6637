import { expect, test } from "../fixtures/server";
import { forgetSession, waitForEmail } from "./auth-helpers";

// PRODUCT.md "Team": an owner invites a colleague within the plan's seats; the colleague joins from
// the e-mailed link with a name and password and lands on the company dashboard as a member.
test("an owner invites a colleague on the Team tab, who joins from the e-mail as a member", async ({
  page,
  request,
  signedInAs,
}) => {
  const email = `colleague.${Date.now()}@leadpost.test`;
  await signedInAs("owner");
  // The company's name as it is now (the settings spec renames it on the same server).
  await page.goto("/owner/settings");
  const company = page.getByLabel("Company name");
  await expect(company).not.toHaveValue("");
  const companyName = await company.inputValue();
  await page.goto("/owner/settings?tab=team");
  const members = page.getByRole("list", { name: "Team members" });
  await expect(members.getByText("Olivia Owner")).toBeVisible();
  const form = page.getByRole("form", { name: "Invite a team member" });
  await form.getByLabel("Email").fill("not-an-address");
  await form.getByRole("button", { name: "Invite" }).click();
  await expect(form.getByText("Enter a valid email address")).toBeVisible();
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(members.getByText(email)).toBeVisible();

  await forgetSession(page);
  const mail = await waitForEmail(request, email, "team_invitation");
  await page.goto(mail.links.find((l) => l.includes("team="))!);
  const join = page.getByRole("form", { name: "Join Your Team" });
  await expect(page.getByText(companyName, { exact: true })).toBeVisible();
  await join.getByLabel("Full name").fill("Casey Colleague");
  await join.getByLabel("Password", { exact: true }).fill("Colleague!2026");
  await join.getByLabel("Confirm password").fill("Colleague!2026");
  await join.getByRole("button", { name: `Join ${companyName}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome to ${companyName}!`)).toBeVisible();

  // The link works once.
  await forgetSession(page);
  await page.goto(mail.links.find((l) => l.includes("team="))!);
  await expect(page.getByText("This invitation has already been used")).toBeVisible();
});
