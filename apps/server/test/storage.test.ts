import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFiles } from "../src/db/schema";
import { createLocalStorage } from "../src/integrations/storage/local";
import { signS3Request } from "../src/integrations/storage/sigv4";
import { startHttpFake } from "./fakes/http-fake";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

function upload(ctx: TTestContext, cookie: string | undefined, file: Blob, name: string) {
  const body = new FormData();
  body.set("file", file, name);
  return ctx.request("/api/forms/images", { method: "POST", body, cookie });
}

describe("SigV4 signing", () => {
  it("matches the published S3 example (GET object with a Range header)", () => {
    const headers = signS3Request({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: { range: "bytes=0-9" },
      payloadHash: createHash("sha256").update("").digest("hex"),
      region: "us-east-1",
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      date: new Date("2013-05-24T00:00:00Z"),
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });
});

describe("local storage", () => {
  it("stores and reads files and refuses keys that could leave its folder", async () => {
    const storage = createLocalStorage(mkdtempSync(join(tmpdir(), "leadpost-storage-")));
    await storage.put("form-images/abc.png", PNG, "image/png");
    expect(await storage.get("form-images/abc.png")).toMatchObject({ contentType: "image/png" });
    expect(await storage.get("form-images/missing.png")).toBeNull();
    expect(await storage.get("../etc/passwd")).toBeNull();
    await expect(storage.put("../x.png", PNG, "image/png")).rejects.toThrow(/unsafe/);
    expect(storage.publicUrl("form-images/abc.png")).toBe("/api/files/form-images/abc.png");
  });
});

describe("form image uploads (local disk)", () => {
  let ctx: TTestContext;
  let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    acme = await createCompanyWithOwner(ctx, "owner@acme-images.test", "Acme Images");
  });
  afterAll(() => ctx.close());

  it("needs a signed-in company user", async () => {
    expect((await upload(ctx, undefined, new Blob([PNG], { type: "image/png" }), "a.png")).status).toBe(401);
  });

  it("stores a PNG under form-images with a random name and serves it publicly", async () => {
    const res = await upload(ctx, acme.cookie, new Blob([PNG], { type: "image/png" }), "Logo.PNG");
    expect(res.status).toBe(201);
    const { url, key } = (await res.json()) as { url: string; key: string };
    expect(key).toMatch(/^form-images\/[0-9a-f-]{36}\.png$/);
    expect(url).toBe(`/api/files/${key}`);

    const [row] = await ctx.database.db.select().from(storedFiles).where(eq(storedFiles.key, key));
    expect(row).toMatchObject({ companyId: acme.companyId, bucket: "form-images", sizeBytes: PNG.length });

    const file = await ctx.request(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("refuses anything that is not an image, whatever its name or claimed type", async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: "image/svg+xml",
    });
    for (const [blob, name] of [
      [svg, "x.svg"],
      [new Blob(["hello"], { type: "image/png" }), "fake.png"],
    ] as const) {
      const res = await upload(ctx, acme.cookie, blob, name);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Please upload an image file",
      );
    }
  });

  it("refuses files over 5 MB", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PNG.subarray(0, 8));
    const res = await upload(ctx, acme.cookie, new Blob([big], { type: "image/png" }), "big.png");
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "File size must be less than 5MB",
    );
  });

  it("answers 404 for unknown files and malformed names", async () => {
    expect(
      (await ctx.request("/api/files/form-images/00000000-0000-0000-0000-000000000000.png")).status,
    ).toBe(404);
    expect((await ctx.request("/api/files/form-images/..%2F..%2Fsecret.png")).status).toBe(404);
  });
});

describe("form image uploads (S3-compatible)", () => {
  it("PUTs the object path-style with a SigV4 signature and answers its public address", async () => {
    const fake = await startHttpFake((_req, res) => {
      res.writeHead(200);
      res.end();
    });
    const ctx = await createTestContext({
      S3_BUCKET: "leadpost-assets",
      S3_REGION: "eu-west-1",
      S3_ENDPOINT: fake.url,
      S3_ACCESS_KEY_ID: "AKIDTEST",
      S3_SECRET_ACCESS_KEY: "secret-test-key",
      S3_PUBLIC_URL: "https://cdn.example.com/assets",
    });
    try {
      const owner = await createCompanyWithOwner(ctx, "owner@acme-s3.test", "Acme S3");
      const res = await upload(ctx, owner.cookie, new Blob([PNG], { type: "image/png" }), "photo.png");
      expect(res.status).toBe(201);
      const { url, key } = (await res.json()) as { url: string; key: string };
      expect(url).toBe(`https://cdn.example.com/assets/${key}`);
      const put = fake.requests.find((r) => r.method === "PUT");
      expect(put?.path).toBe(`/leadpost-assets/${key}`);
      expect(put?.headers["content-type"]).toBe("image/png");
      expect(put?.headers["x-amz-content-sha256"]).toBe(createHash("sha256").update(PNG).digest("hex"));
      expect(put?.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      // Objects in a bucket are served by the bucket, never through this API.
      expect((await ctx.request(`/api/files/${key}`)).status).toBe(404);
    } finally {
      await ctx.close();
      await fake.close();
    }
  });

  it("reports a failing bucket as 'Failed to upload image.'", async () => {
    const fake = await startHttpFake((_req, res) => {
      res.writeHead(403);
      res.end("<Error><Code>AccessDenied</Code></Error>");
    });
    const ctx = await createTestContext({
      S3_BUCKET: "b",
      S3_ENDPOINT: fake.url,
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    });
    try {
      const owner = await createCompanyWithOwner(ctx, "owner@acme-s3-fail.test", "Acme S3 Fail");
      const res = await upload(ctx, owner.cookie, new Blob([PNG], { type: "image/png" }), "photo.png");
      expect(res.status).toBe(502);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Failed to upload image.",
      );
    } finally {
      await ctx.close();
      await fake.close();
    }
  });
});
