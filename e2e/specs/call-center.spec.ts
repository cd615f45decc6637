import twilio from "twilio";
import { startTwilioFake } from "../../apps/server/test/fakes/twilio-fake";
import { test as base, expect } from "../fixtures/server";

const TWILIO = { sid: "AC0123456789abcdef0123456789abcdef", authToken: "e2e-auth-token-0123456789abcdef" };

// Saved credentials are checked against Twilio before the badge says Connected: a local fake Twilio.
const test = base.extend<object, { twilio: Awaited<ReturnType<typeof startTwilioFake>> }>({
  twilio: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const fake = await startTwilioFake(TWILIO);
      await use(fake);
      await fake.close();
    },
    { scope: "worker" },
  ],
  serverEnv: [async ({ twilio }, use) => use({ TWILIO_API_BASE_URL: twilio.url }), { scope: "worker" }],
});
test.use({ dataSet: "call-center" });

// 002 Call Center: an owner sets up a number, places a test call through the signed webhook (a test:
// not listed), a real call (signed by the official library, as Twilio signs) shows live and in the
// history, the owner blocks the caller, and the next call from it is rejected.
test("an owner sets up a number, test-calls it, blocks the caller and the next call is rejected", async ({
  page,
  baseURL,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-4);
  const twilioNumber = `+1555777${suffix}`;
  const twilioShown = `(555) 777-${suffix}`;
  await signedInAs("owner");
  // The company's Twilio credentials, as Settings → Twilio saves them.
  const saved = await page.request.put("/api/settings/company", {
    data: { twilioAccountSid: TWILIO.sid, twilioAuthToken: TWILIO.authToken },
  });
  expect(saved.status()).toBe(200);

  await page.goto("/dashboard/calls?tab=settings");
  await expect(page.getByText("Twilio Connected").first()).toBeVisible();

  // A Twilio number…
  await page.getByRole("button", { name: "Add Phone Number" }).click();
  const add = page.getByRole("dialog", { name: "Add Phone Number" });
  await add.getByLabel("Phone number").fill("555");
  await add.getByRole("button", { name: "Add Phone Number" }).click();
  await expect(add.getByText("Phone number must be at least 10 digits")).toBeVisible();
  await add.getByLabel("Phone number").fill(twilioNumber);
  await add.getByLabel("Description (optional)").fill("Main line");
  await add.getByRole("button", { name: "Add Phone Number" }).click();
  await expect(page.getByText("Phone number added")).toBeVisible();
  const numbers = page.getByRole("table", { name: "Phone numbers" });
  await expect(numbers.getByRole("button", { name: twilioShown, exact: true })).toBeVisible();

  // …a routing number…
  const routingForm = page.getByRole("form", { name: "Add routing number" }).first();
  await routingForm.getByLabel("Label").fill(`Office ${suffix}`);
  await routingForm.getByLabel("Forward to (E.164)").fill("303-555");
  await routingForm.getByRole("button", { name: "Add Routing Number" }).click();
  await expect(
    routingForm.getByText("Phone number must be in E.164 format (e.g., +15551234567)"),
  ).toBeVisible();
  await routingForm.getByLabel("Forward to (E.164)").fill(`+1303555${suffix}`);
  await routingForm.getByRole("button", { name: "Add Routing Number" }).click();
  await expect(
    page.getByRole("table", { name: "Routing numbers" }).getByText(`Office ${suffix}`),
  ).toBeVisible();

  // …linked together, and the call flow shows where calls go.
  await numbers.getByRole("button", { name: `Actions for ${twilioShown}` }).click();
  await page.getByRole("menuitem", { name: "Manage Routing Numbers" }).click();
  const manage = page.getByRole("dialog", { name: "Manage Routing Numbers" });
  // Checked once the link is saved.
  await manage.getByLabel(new RegExp(`Office ${suffix}`)).click();
  await expect(manage.getByLabel(new RegExp(`Office ${suffix}`))).toBeChecked();
  await page.keyboard.press("Escape");
  await numbers.getByRole("button", { name: twilioShown, exact: true }).click();
  const flow = page.getByRole("region", { name: `Call flow of ${twilioShown}` });
  await expect(flow.getByText(`Office ${suffix}`)).toBeVisible();
  await expect(page.getByText("4 of 4 steps complete")).toBeVisible();

  // Test Call Center: the call goes through the signed webhook and rings the routing number.
  const caller = `+1720555${suffix}`;
  const callerShown = `(720) 555-${suffix}`;
  const testCall = async (expected: string) => {
    await page.getByRole("button", { name: "Test Call Center" }).click();
    const dialog = page.getByRole("dialog", { name: "Test Call Center" });
    await dialog.getByLabel("Number to call").click();
    await page.getByRole("option", { name: new RegExp(`\\(555\\) 777-${suffix}`) }).click();
    await dialog.getByLabel("Caller number (optional)").fill(caller);
    await dialog.getByRole("button", { name: "Place Test Call" }).click();
    await expect(dialog.getByTestId("test-call-outcome")).toHaveText(expected);
    // The TwiML the caller got, one element per line.
    const twiml = dialog.getByTestId("test-call-twiml");
    await expect(twiml).toContainText(
      expected === "rejected" ? "<Response>\n  <Reject/>" : "<Response>\n  <Dial",
    );
    // Long lines wrap inside the box: nothing to scroll sideways, whatever the screen width.
    expect(await twiml.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
  };
  await testCall("dialing");
  // A test call is not a call: nothing live, nothing in the history.
  await page.getByRole("tab", { name: "Live Dashboard" }).click();
  await expect(page.getByText("No live calls right now")).toBeVisible();

  // A real call from the caller, as Twilio posts it.
  let calls = 0;
  const realCall = async () => {
    const params = {
      CallSid: `CAe2e${suffix}${++calls}`,
      AccountSid: "AC0123456789abcdef0123456789abcdef",
      From: caller,
      To: twilioNumber,
      CallStatus: "ringing",
    };
    const signature = twilio.getExpectedTwilioSignature(
      "e2e-auth-token-0123456789abcdef",
      `${baseURL}/api/twilio/voice`,
      params,
    );
    const res = await page.request.post("/api/twilio/voice", {
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
      data: new URLSearchParams(params).toString(),
    });
    expect(res.status()).toBe(200);
  };
  await realCall();
  const live = page.getByRole("table", { name: "Live calls" });
  await expect(
    live.getByRole("row", { name: new RegExp(callerShown.replace(/[()]/g, "\\$&")) }),
  ).toContainText("ringing");
  await page.getByRole("tab", { name: "Call History" }).click();
  const history = page.getByRole("table", { name: "Call history" });
  await expect(history.getByText(callerShown).first()).toBeVisible();

  // Blocking the caller: the next call from it is rejected and shown as blocked.
  await page.getByRole("tab", { name: "Blocked Numbers" }).click();
  await page.getByRole("button", { name: "Block Number" }).click();
  const block = page.getByRole("dialog", { name: "Block Number" });
  await block.getByRole("button", { name: "Block Number" }).click();
  await expect(block.getByText("Phone number is required")).toBeVisible();
  await block.getByLabel("Phone number").fill(`720-555-${suffix}`);
  await expect(block.getByText(`Saved as ${caller}`)).toBeVisible();
  await block.getByRole("button", { name: "Block Number" }).click();
  await expect(page.getByRole("table", { name: "Blocked numbers" }).getByText(callerShown)).toBeVisible();

  // On a phone (390 px): the test dialog, the history's outcome column and the number's row menu fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await testCall("rejected");
  await realCall();
  await page.getByRole("tab", { name: "Call History" }).click();
  const blockedRow = history.getByRole("row").filter({ hasText: callerShown }).filter({ hasText: "Blocked" });
  await expect(blockedRow).toHaveCount(1);
  await expect(blockedRow.getByText("Blocked")).toBeInViewport();
  await page.goto("/dashboard/calls?tab=settings");
  const menu = page
    .getByRole("table", { name: "Phone numbers" })
    .getByRole("button", { name: `Actions for ${twilioShown}` });
  // Scrolled down to it only: on screen without scrolling the table sideways.
  await menu.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 300));
  await expect(menu).toBeInViewport();
  await menu.click();
  await expect(page.getByRole("menuitem", { name: "Manage Routing Numbers" })).toBeInViewport();
});

// #25: connecting a number needs no address pasted into Twilio: Add Phone Number lists the account's
// numbers, and adding one sets its voice URL and status callback in Twilio.
test("Add Phone Number connects a number of the Twilio account", async ({ page, twilio, signedInAs }) => {
  const suffix = String(Date.now()).slice(-4);
  const inAccount = twilio.addNumber(`+1555888${suffix}`, "Sales line");
  await signedInAs("owner");
  const saved = await page.request.put("/api/settings/company", {
    data: { twilioAccountSid: TWILIO.sid, twilioAuthToken: TWILIO.authToken },
  });
  expect(saved.status()).toBe(200);

  await page.goto("/dashboard/calls?tab=settings");
  await page.getByRole("button", { name: "Add Phone Number" }).click();
  const add = page.getByRole("dialog", { name: "Add Phone Number" });
  await add.getByLabel("Your Twilio numbers").click();
  await page.getByRole("option", { name: new RegExp(`\\(555\\) 888-${suffix} · Sales line`) }).click();
  await expect(add.getByLabel("Phone number")).toHaveValue(`(555) 888-${suffix}`);
  await add.getByRole("button", { name: "Add Phone Number" }).click();
  await expect(page.getByText("Number connected: Twilio sends its calls here.")).toBeVisible();

  const status = (await (await page.request.get("/api/calls/status")).json()) as {
    voiceUrl: string;
    statusCallbackUrl: string;
  };
  expect(inAccount.voice_url).toBe(status.voiceUrl);
  expect(inAccount.status_callback).toBe(status.statusCallbackUrl);
});
