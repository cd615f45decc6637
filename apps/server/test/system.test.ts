import { ZApiErrorSchema, ZHealthSchema } from "@leadpost/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { TEST_DATABASE_URL } from "./helpers/test-database";

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("system endpoints", () => {
  it("reports health with a real database round trip", async () => {
    const res = await ctx.request("/api/health");
    expect(res.status).toBe(200);
    const body = ZHealthSchema.parse(await res.json());
    expect(body.status).toBe("ok");
    expect(body.database.ok).toBe(true);
    expect(body.database.kind).toBe(TEST_DATABASE_URL ? "postgres" : "pglite");
  });

  it("answers 503 when the database is gone", async () => {
    const other = await createTestContext();
    await other.database.close();
    const res = await other.request("/api/health");
    expect(res.status).toBe(503);
    expect(ZHealthSchema.parse(await res.json()).database.ok).toBe(false);
    await other.close();
  });

  it("serves the build version without caching", async () => {
    const res = await ctx.request("/version.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ version: "0.0.0-test", builtAt: new Date(0).toISOString() });
  });

  it("publishes an OpenAPI document and a self-hosted reference page", async () => {
    const doc = (await (await ctx.request("/api/openapi.json")).json()) as { openapi: string; paths: object };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/whoami", "/version.json"]),
    );
    // The auth endpoints are documented with the rest of the API.
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/auth/sign-in/email",
        "/api/auth/request-password-reset",
        "/api/email/messages",
      ]),
    );
    // The auth library's own sign-up is closed (404), so it is not documented either.
    expect(Object.keys(doc.paths)).not.toContain("/api/auth/sign-up/email");
    const signIn = (doc.paths as Record<string, { post?: { tags?: string[] } }>)["/api/auth/sign-in/email"];
    expect(signIn?.post?.tags).toEqual(["Auth"]);
    const page = await ctx.request("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("/api/docs/assets/swagger-ui-bundle.js");
    expect(html).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    expect((await ctx.request("/api/docs/assets/swagger-ui-bundle.js")).status).toBe(200);
  });
});

describe("the one error shape", () => {
  it("answers an unknown API route with 404 in the shared shape and the request id", async () => {
    const res = await ctx.request("/api/nope", { headers: { "x-request-id": "test-request-0001" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-request-id")).toBe("test-request-0001");
    const body = ZApiErrorSchema.parse(await res.json());
    expect(body.error.code).toBe("NOT_FOUND");
    expect(body.error.requestId).toBe("test-request-0001");
  });

  it("replaces an unusable incoming request id with its own", async () => {
    const res = await ctx.request("/api/whoami", { headers: { "x-request-id": "<script>" } });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ZApiErrorSchema.parse(await res.json()).error.requestId).toBe(id);
  });

  it("refuses an oversized body with 413", async () => {
    const res = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(ZApiErrorSchema.parse(await res.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
