import twilio from "twilio";
import { startTwilioFake } from "../../apps/server/test/fakes/twilio-fake";
import { test as base, expect } from "../fixtures/server";
import { signInAsCompany } from "./auth-helpers";

// Call center media: a greeting recorded in the browser (Chromium's fake microphone) is stored as WAV,
// which Twilio's <Play> plays; a call's recording plays and downloads through the product, fetched from
// a local fake Twilio with the company's credentials.

const ACCOUNT = { sid: "AC0123456789abcdef0123456789abcdef", authToken: "e2e-media-auth-token-0123456789" };

const test = base.extend<object, { twilioFake: Awaited<ReturnType<typeof startTwilioFake>> }>({
  twilioFake: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const fake = await startTwilioFake(ACCOUNT);
      await use(fake);
      await fake.close();
    },
    { scope: "worker" },
  ],
  serverEnv: [
    async ({ twilioFake }, use) => use({ TWILIO_API_BASE_URL: twilioFake.url }),
    { scope: "worker" },
  ],
});
test.use({ dataSet: "call-center-media" });
test.describe.configure({ mode: "serial" });

/** One second of a 440 Hz tone as 8 kHz 16-bit mono WAV: a recording a browser can really play. */
function toneWav(): Buffer {
  const rate = 8000;
  const samples = rate;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  }
  return wav;
}

test("a greeting recorded in the browser is stored as WAV, and a call's recording plays and downloads through the product", async ({
  page,
  twilioFake,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-4);
  const number = `+1555888${suffix}`;
  await signInAsCompany(page, "owner@leadpost.test");
  await expect(page).toHaveURL(/\/dashboard$/);
  const saved = await page.request.put("/api/settings/company", {
    data: { twilioAccountSid: ACCOUNT.sid, twilioAuthToken: ACCOUNT.authToken },
  });
  expect(saved.status()).toBe(200);
  const created = await page.request.post("/api/calls/phone-numbers", {
    data: { phoneNumber: number, type: "twilio", routeToVoicemail: true },
  });
  expect(created.status()).toBe(201);
  const numberId = ((await created.json()) as { phoneNumber: { id: string } }).phoneNumber.id;

  // Record in browser: the fake microphone's tone, converted to WAV before the upload.
  await page.goto("/dashboard/calls?tab=settings&section=voicemail");
  const card = page.locator('[data-slot="card"]').filter({ hasText: `(555) 888-${suffix}` });
  await card.getByRole("button", { name: "Record in browser" }).click();
  // The screen's own count of the time recorded: stopped once it shows a whole second or more.
  await expect(card.getByRole("status")).toHaveText(/^Recording… (?!0:00$)\d+:\d\d$/, {
    timeout: 15_000,
  });
  await card.getByRole("button", { name: "Stop and upload" }).click();
  await expect(page.getByText("Voicemail audio uploaded")).toBeVisible();
  const numbers = (await (await page.request.get("/api/calls/phone-numbers")).json()) as {
    phoneNumbers: { id: string; voicemailAudioUrl: string | null }[];
  };
  const audioUrl = numbers.phoneNumbers.find((n) => n.id === numberId)?.voicemailAudioUrl ?? "";
  expect(audioUrl).toMatch(/\.wav$/);
  const stored = await page.request.get(audioUrl);
  expect(stored.status()).toBe(200);
  const bytes = await stored.body();
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
  expect(bytes.subarray(8, 12).toString("latin1")).toBe("WAVE");
  expect(bytes.readUInt16LE(20)).toBe(1); // PCM
  expect(bytes.length).toBeGreaterThan(44 + 16_000); // over half a second of 16 kHz 16-bit audio

  // A call comes in (signed by the official library, as Twilio signs) and its recording is reported.
  const sign = (url: string, params: Record<string, string>) =>
    twilio.getExpectedTwilioSignature(ACCOUNT.authToken, url, params);
  const post = (path: string, params: Record<string, string>) =>
    page.request.post(path, {
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": sign(`${baseURL}${path}`, params),
      },
      data: new URLSearchParams(params).toString(),
    });
  const call = twilioFake.addCall({ from: `+1720555${suffix}`, to: number });
  const inbound = {
    CallSid: call.sid,
    AccountSid: ACCOUNT.sid,
    From: call.from,
    To: number,
    CallStatus: "ringing",
  };
  const voice = await post("/api/twilio/voice", inbound);
  expect(voice.status()).toBe(200);
  expect(await voice.text()).toContain(".wav</Play>");
  const recording = twilioFake.addRecording(call.sid, 1, toneWav());
  const companyId = new URL(
    /action="([^"]+)"/
      .exec(await (await post("/api/twilio/voice", inbound)).text())?.[1]
      ?.replace(/&amp;/g, "&") ?? "",
  ).searchParams.get("company");
  const callback = await post(`/api/twilio/recording?company=${companyId}`, {
    CallSid: call.sid,
    AccountSid: ACCOUNT.sid,
    RecordingSid: recording.sid,
    RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT.sid}/Recordings/${recording.sid}`,
  });
  expect(callback.status()).toBe(204);

  // Call History: the player's audio comes from this product, plays, and downloads with a name.
  await page.goto("/dashboard/calls?tab=history");
  const row = page
    .getByRole("table", { name: "Call history" })
    .getByRole("row")
    .filter({ hasText: `(720) 555-${suffix}` });
  await row.getByRole("button", { name: /^Play recording/ }).click();
  const audio = row.locator("audio");
  await expect(audio).toHaveAttribute("src", /^\/api\/calls\/history\/[0-9a-f-]+\/recording$/);
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime > 0 || el.ended))
    .toBe(true);
  await expect(row.getByText("Recording unavailable")).toHaveCount(0);
  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: /^Download/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^call-\d{4}-\d\d-\d\d-1720555\d{4}\.mp3$/);
});
