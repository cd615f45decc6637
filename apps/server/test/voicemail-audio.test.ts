import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneNumbers, storedFiles, userRoles } from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";
import { connectTwilio, postSignedWebhook } from "./helpers/twilio";

const MAIN = "+15557770001";
const INVALID = "Please upload a valid audio file (MP3 or WAV)";
const TOO_LARGE = "File size must be less than 5MB";
const MB = 1024 * 1024;

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let numberId: string;
let sid: string;
let calls = 0;

type TAnswer = { phoneNumber: { id: string; voicemailAudioUrl: string | null }; message: string };
type TError = { error: { code: string; message: string; fields?: Record<string, string[]> } };

/** A file of `size` bytes starting with `head` (the rest zeros). */
function bytes(head: number[] | string, size = 2048) {
  const out = new Uint8Array(size);
  out.set(typeof head === "string" ? [...head].map((ch) => ch.charCodeAt(0)) : head);
  return out;
}
const MP3 = bytes("ID3\u0004\u0000");
const MP3_FRAME = bytes([0xff, 0xfb, 0x90, 0x64]);
const WAV = bytes("RIFF\u0000\u0000\u0000\u0000WAVEfmt ");
const WEBM = bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]);
const OGG = bytes("OggS\u0000\u0002");

const upload = (
  cookie: string,
  id: string,
  file: Uint8Array | null,
  name = "greeting.mp3",
  type = "audio/mpeg",
) => {
  const body = new FormData();
  if (file) body.append("file", new File([file], name, { type }));
  return ctx.request(`/api/calls/phone-numbers/${id}/voicemail-audio`, { method: "POST", body, cookie });
};
const json = async <T>(res: Response) => (await res.json()) as T;
const voiceWebhook = () =>
  postSignedWebhook(ctx, "/api/twilio/voice", {
    CallSid: `CA_vm_${++calls}`,
    AccountSid: sid,
    From: "+13035550111",
    To: MAIN,
    CallStatus: "ringing",
    Direction: "inbound",
  });

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
  other = await createCompanyWithOwner(ctx, "owner@other.test", "Other Co");
  sid = await connectTwilio(ctx, acme.companyId);
  const [number] = await ctx.database.db
    .insert(phoneNumbers)
    .values({
      companyId: acme.companyId,
      phoneNumber: MAIN,
      type: "twilio",
      routeToVoicemail: true,
      voicemailGreeting: "Leave a message for Acme.",
      voicemailVoice: "Polly.Joanna",
    })
    .returning();
  numberId = number!.id;
});
afterAll(() => ctx.close());

describe("voicemail greeting audio", () => {
  it("stores an uploaded MP3, serves it, and the voicemail plays it instead of the spoken greeting", async () => {
    const before = await (await voiceWebhook()).text();
    expect(before).toContain('<Say voice="Polly.Joanna">Leave a message for Acme.</Say>');
    expect(before).not.toContain("<Play>");

    const res = await upload(acme.cookie, numberId, MP3);
    expect(res.status).toBe(200);
    const body = await json<TAnswer>(res);
    expect(body.message).toBe("Voicemail audio uploaded");
    const url = body.phoneNumber.voicemailAudioUrl;
    expect(url).toMatch(/^\/api\/files\/voicemail-audio\/[0-9a-f-]{36}\.mp3$/);

    const served = await ctx.request(url!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("audio/mpeg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(MP3);
    const [file] = await ctx.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.key, url!.replace("/api/files/", "")));
    expect(file).toMatchObject({
      companyId: acme.companyId,
      contentType: "audio/mpeg",
      sizeBytes: MP3.length,
    });

    // Twilio fetches the greeting from the public address of this server.
    const twiml = await (await voiceWebhook()).text();
    expect(twiml).toContain(`<Play>${TEST_ORIGIN}${url}</Play>`);
    expect(twiml).not.toContain("<Say");
    expect(twiml).toContain("<Record");
  });

  it("accepts MP3 frames and WAV by their content, and nothing else (Twilio plays no WebM or Ogg)", async () => {
    const cases: [Uint8Array, string, string][] = [
      [MP3_FRAME, "a.mp3", "mp3"],
      [WAV, "a.wav", "wav"],
    ];
    for (const [file, name, ext] of cases) {
      const res = await upload(acme.cookie, numberId, file, name, "application/octet-stream");
      expect(res.status, name).toBe(200);
      expect((await json<TAnswer>(res)).phoneNumber.voicemailAudioUrl).toMatch(new RegExp(`\\.${ext}$`));
    }
    const html = await upload(acme.cookie, numberId, bytes("<html><script>"), "greeting.mp3", "audio/mpeg");
    expect(html.status).toBe(422);
    expect(await json<TError>(html)).toMatchObject({
      error: { message: INVALID, fields: { file: [INVALID] } },
    });
    for (const [file, name] of [
      [WEBM, "recording.webm"],
      [OGG, "a.ogg"],
    ] as const) {
      const refused = await upload(acme.cookie, numberId, file, name, "audio/webm");
      expect(refused.status, name).toBe(422);
      expect((await json<TError>(refused)).error.message).toBe(INVALID);
    }
    const png = await upload(acme.cookie, numberId, bytes([0x89, 0x50, 0x4e, 0x47]), "a.png", "image/png");
    expect((await json<TError>(png)).error.message).toBe(INVALID);
    const none = await upload(acme.cookie, numberId, null);
    expect(none.status).toBe(422);
    expect((await json<TError>(none)).error.message).toBe("File is required.");
  });

  it("takes a file just under 5 MB and refuses larger ones", async () => {
    const almost = await upload(acme.cookie, numberId, bytes("ID3\u0004", 5 * MB - 1024));
    expect(almost.status).toBe(200);
    const over = await upload(acme.cookie, numberId, bytes("ID3\u0004", 5 * MB + 1));
    expect(over.status).toBe(422);
    expect(await json<TError>(over)).toMatchObject({
      error: { message: TOO_LARGE, fields: { file: [TOO_LARGE] } },
    });
    const far = await upload(acme.cookie, numberId, bytes("ID3\u0004", 6 * MB));
    expect(far.status).toBe(422);
    expect((await json<TError>(far)).error.message).toBe(TOO_LARGE);
  });

  it("is the company's owners' and admins' only", async () => {
    expect((await upload(other.cookie, numberId, MP3)).status).toBe(404);
    expect(
      (
        await ctx.request(`/api/calls/phone-numbers/${numberId}/voicemail-audio`, {
          method: "DELETE",
          cookie: other.cookie,
        })
      ).status,
    ).toBe(404);
    const member = await createCompanyWithOwner(ctx, "member@acme.test", "Member Co");
    await ctx.database.db.delete(userRoles).where(eq(userRoles.userId, member.userId));
    await ctx.database.db
      .insert(userRoles)
      .values({ userId: member.userId, companyId: acme.companyId, role: "member" });
    expect((await upload(member.cookie, numberId, MP3)).status).toBe(403);
    const [row] = await ctx.database.db.select().from(phoneNumbers).where(eq(phoneNumbers.id, numberId));
    expect(row?.voicemailAudioUrl).toMatch(/\.mp3$/);
  });

  it("removes the audio, and the spoken greeting comes back", async () => {
    const res = await ctx.request(`/api/calls/phone-numbers/${numberId}/voicemail-audio`, {
      method: "DELETE",
      cookie: acme.cookie,
    });
    expect(res.status).toBe(200);
    expect(await json<TAnswer>(res)).toMatchObject({
      message: "Voicemail audio removed",
      phoneNumber: { id: numberId, voicemailAudioUrl: null },
    });
    const twiml = await (await voiceWebhook()).text();
    expect(twiml).toContain('<Say voice="Polly.Joanna">Leave a message for Acme.</Say>');
    expect(twiml).not.toContain("<Play>");
  });
});
