import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, submit } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// Reads are gzipped for clients that take it; answers to writes and to clients that take no encoding are
// written as they are (plugins/compression.ts: looking at them would cost more than compressing saves).

let ctx: TTestContext;
let formId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const co = await createCompanyWithOwner(ctx, "owner@gzip.test", "Gzip Co");
  formId = (await createPublishedForm(ctx, co.cookie)).id;
}, 60_000);
afterAll(() => ctx?.close());

describe("response compression", () => {
  it("gzips a large read for a client that accepts it, and says it varies by encoding", async () => {
    const res = await ctx.request("/api/openapi.json", { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    const doc = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8"));
    expect(doc.openapi).toBeTruthy();
  });

  it("leaves a read plain for a client that takes no encoding", async () => {
    const res = await ctx.request("/api/openapi.json");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(((await res.json()) as { openapi?: string }).openapi).toBeTruthy();
  });

  it("answers a form submission plain, even to a client that accepts gzip", async () => {
    const res = await submit(ctx, formId, undefined, { headers: { "accept-encoding": "gzip, br" } });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
  });
});
