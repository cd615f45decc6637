import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let doc: {
  servers?: { url: string }[];
  components?: { securitySchemes?: Record<string, unknown> };
  paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
};
let source: string;

beforeAll(async () => {
  // The document as a deployment serves it: its server is the public address, not localhost.
  ctx = await createTestContext({ PUBLIC_URL: "https://leads.leadpost.app" });
  source = await (await ctx.request("/api/openapi.json")).text();
  doc = JSON.parse(source);
});
afterAll(() => ctx.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map(([method, op]) => ({ path, method, op })),
  );

describe("OpenAPI document", () => {
  it("passes Redocly's recommended ruleset with no errors and no warnings", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source, absoluteRef: "openapi.json", config });
    const found = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ""}`,
    );
    expect(found).toEqual([]);
  });

  it("names every operation uniquely and says how each is authenticated", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.every((o) => Array.isArray(o.op.security))).toBe(true);
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(["apiKey", "sessionCookie"]);
    expect(doc.servers?.[0]?.url).toBeTruthy();
    const find = (path: string, method: string) =>
      ops.find((o) => o.path === path && o.method === method)?.op;
    expect(find("/api/v1/leads", "get")?.security).toEqual([{ apiKey: [] }]);
    // The Lead API documents every answer it gives.
    const responses = (path: string, method: string) =>
      Object.keys((find(path, method) as { responses?: object } | undefined)?.responses ?? {});
    expect(responses("/api/v1/forms/{formId}/leads", "post")).toEqual(
      expect.arrayContaining(["201", "400", "401", "404", "409", "415", "422", "429"]),
    );
    expect(responses("/api/v1/leads", "get")).toEqual(expect.arrayContaining(["200", "401", "422"]));
    expect(find("/api/settings/company", "get")?.security).toEqual([{ sessionCookie: [] }]);
    expect(find("/api/public/forms/{formId}/submissions", "post")?.security).toEqual([]);
  });
});
