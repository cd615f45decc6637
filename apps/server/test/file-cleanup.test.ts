import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, phoneNumbers, storedFiles } from "../src/db/schema";
import { createS3Storage } from "../src/integrations/storage/s3";
import { removeOrphanedFiles } from "../src/modules/stored-files";
import { startHttpFake } from "./fakes/http-fake";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createForm, QUOTE_FIELDS } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const HOUR = 60 * 60 * 1000;

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext({ FILE_CLEANUP_GRACE_HOURS: "24" });
});
afterAll(() => ctx.close());

async function uploadImage(cookie: string): Promise<{ url: string; key: string }> {
  const body = new FormData();
  body.set("file", new Blob([PNG], { type: "image/png" }), "photo.png");
  const res = await ctx.request("/api/forms/images", { method: "POST", body, cookie });
  expect(res.status).toBe(201);
  return (await res.json()) as { url: string; key: string };
}

async function uploadLogo(cookie: string): Promise<string> {
  const body = new FormData();
  body.set("file", new Blob([PNG], { type: "image/png" }), "logo.png");
  const res = await ctx.request("/api/settings/logo", { method: "POST", body, cookie });
  expect(res.status).toBe(200);
  const { logoUrl } = (await res.json()) as { logoUrl: string };
  return logoUrl.replace(/^\/api\/files\//, "");
}

const imageField = (id: string, src: string) => ({
  id,
  type: "image" as const,
  label: "",
  required: false,
  src,
});

/** Ages the given files' rows, as if uploaded that long ago (no waiting). */
async function age(keys: string[], ms: number) {
  await ctx.database.db
    .update(storedFiles)
    .set({ createdAt: sql`now() - make_interval(secs => ${ms / 1000})` })
    .where(inArray(storedFiles.key, keys));
}

const stored = async (key: string) => (await ctx.deps.storage.get(key)) !== null;
const listed = async (key: string) =>
  (await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.key, key))).length > 0;

describe("stored file cleanup", () => {
  it("removes a file nothing references once the grace period is over, and keeps every file in use", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@files.test", "Files Co");
    const used = await uploadImage(co.cookie);
    const orphan = await uploadImage(co.cookie);
    const fresh = await uploadImage(co.cookie);
    await createForm(ctx, co.cookie, { fields: [...QUOTE_FIELDS, imageField("f-img", used.url)] });
    const oldLogo = await uploadLogo(co.cookie);
    const logo = await uploadLogo(co.cookie); // replaces the first: that one is referenced no more
    const other = await createCompanyWithOwner(ctx, "owner@files-other.test", "Other Files Co");
    const otherLogo = await uploadLogo(other.cookie);
    const all = [used.key, orphan.key, fresh.key, oldLogo, logo, otherLogo];
    for (const key of all) expect(await stored(key)).toBe(true);

    await age([used.key, orphan.key, oldLogo, logo, otherLogo], 25 * HOUR);
    await age([fresh.key], 23 * HOUR);
    expect(await removeOrphanedFiles(ctx.deps)).toBe(2);

    for (const key of [orphan.key, oldLogo]) {
      expect(await stored(key), key).toBe(false);
      expect(await listed(key), key).toBe(false);
    }
    // In use (a form's image, the current logos of both companies), or still within its grace period.
    for (const key of [used.key, logo, otherLogo, fresh.key]) {
      expect(await stored(key), key).toBe(true);
      expect(await listed(key), key).toBe(true);
    }
    // A second run finds nothing more.
    expect(await removeOrphanedFiles(ctx.deps)).toBe(0);
    // A day later the unused fresh upload is gone too (the clock moved, not the test waiting).
    expect(await removeOrphanedFiles(ctx.deps, new Date(Date.now() + 2 * HOUR))).toBe(1);
    expect(await stored(fresh.key)).toBe(false);
  });

  it("keeps a voicemail greeting while its phone number plays it, and removes it once it does not", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@greeting-files.test", "Greeting Files Co");
    const key = `voicemail-audio/${crypto.randomUUID()}.mp3`;
    await ctx.deps.storage.put(key, new TextEncoder().encode("ID3"), "audio/mpeg");
    await ctx.database.db.insert(storedFiles).values({
      companyId: co.companyId,
      bucket: "voicemail-audio",
      key,
      contentType: "audio/mpeg",
      sizeBytes: 3,
    });
    const [number] = await ctx.database.db
      .insert(phoneNumbers)
      .values({
        companyId: co.companyId,
        phoneNumber: "+15557770042",
        type: "twilio",
        voicemailAudioUrl: ctx.deps.storage.publicUrl(key),
      })
      .returning();
    await age([key], 48 * HOUR);
    expect(await removeOrphanedFiles(ctx.deps)).toBe(0);
    expect(await stored(key)).toBe(true);

    await ctx.database.db
      .update(phoneNumbers)
      .set({ voicemailAudioUrl: null })
      .where(eq(phoneNumbers.id, number!.id));
    expect(await removeOrphanedFiles(ctx.deps)).toBe(1);
    expect(await stored(key)).toBe(false);
  });

  it("deleting a form deletes its images at once, except those another form still shows", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@form-files.test", "Form Files Co");
    const own = await uploadImage(co.cookie);
    const shared = await uploadImage(co.cookie);
    const form = await createForm(ctx, co.cookie, {
      fields: [...QUOTE_FIELDS, imageField("f-own", own.url), imageField("f-shared", shared.url)],
    });
    await createForm(ctx, co.cookie, { fields: [...QUOTE_FIELDS, imageField("f-shared", shared.url)] });

    const res = await ctx.request(`/api/forms/${form.id}`, { method: "DELETE", cookie: co.cookie });
    expect(res.status).toBe(200);
    expect(await stored(own.key)).toBe(false);
    expect(await listed(own.key)).toBe(false);
    expect(await stored(shared.key)).toBe(true);
    expect(await listed(shared.key)).toBe(true);
  });

  it("deleting a company leaves its files to the cleanup, which removes them without waiting", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@gone-files.test", "Gone Files Co");
    const image = await uploadImage(co.cookie);
    await createForm(ctx, co.cookie, { fields: [...QUOTE_FIELDS, imageField("f-img", image.url)] });
    const logo = await uploadLogo(co.cookie);

    await ctx.database.db.delete(companies).where(eq(companies.id, co.companyId));
    // The rows outlive the company (company_id set null), so the files are still known.
    expect(await listed(image.key)).toBe(true);
    expect(await removeOrphanedFiles(ctx.deps)).toBe(2);
    for (const key of [image.key, logo]) {
      expect(await stored(key)).toBe(false);
      expect(await listed(key)).toBe(false);
    }
  });
});

describe("S3 storage delete", () => {
  it("sends a signed DELETE for the object's path and accepts an object already gone", async () => {
    let status = 204;
    const fake = await startHttpFake((_req, res) => {
      res.writeHead(status);
      res.end();
    });
    try {
      const storage = createS3Storage({
        endpoint: fake.url,
        region: "eu-west-1",
        bucket: "leadpost-assets",
        accessKeyId: "AKIDTEST",
        secretAccessKey: "secret-test-key",
        publicBaseUrl: "https://cdn.example.com",
      });
      await storage.delete("form-images/abc.png");
      const sent = fake.requests.at(-1)!;
      expect([sent.method, sent.path]).toEqual(["DELETE", "/leadpost-assets/form-images/abc.png"]);
      expect(sent.headers["x-amz-content-sha256"]).toBe(createHash("sha256").update("").digest("hex"));
      expect(sent.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      status = 404;
      await expect(storage.delete("form-images/abc.png")).resolves.toBeUndefined();
      status = 403;
      await expect(storage.delete("form-images/abc.png")).rejects.toThrow(
        /S3 DELETE form-images\/abc.png failed: 403/,
      );
    } finally {
      await fake.close();
    }
  });
});
