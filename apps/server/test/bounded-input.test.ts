import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkJsonShape } from "../src/plugins/body-shape";
import { findUnstorableText } from "../src/plugins/text-sanitiser";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submit } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// Bounded input before any work (docs/security.md "Bounded input"): a JSON body's depth and its number
// of strings are checked in one linear pass before anything parses or walks it; over a limit the answer
// is 400 or 413 with a clear message, never a 500, and the server keeps answering meanwhile.

type TErr = { error: { code: string; message: string } };

/** About 1 MB: 6,000 nested lists around 105,000 escaped strings (the walk used to copy its path each time). */
const nestedBody = () => {
  const strings = new Array(105_000).fill('"\\u0041"').join(",");
  return `{"formData":{"name":${"[".repeat(6_000)}${strings}${"]".repeat(6_000)}},"fillTimeMs":8000}`;
};

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let formId: string;
beforeAll(async () => {
  ctx = await createTestContext({ FORM_SUBMISSIONS_PER_IP_PER_MINUTE: "3" });
  acme = await createCompanyWithOwner(ctx, "owner@bounded.test", "Bounded Co");
  formId = (await createPublishedForm(ctx, acme.cookie)).id;
});
afterAll(() => ctx.close());

const postRaw = (path: string, body: string, init: { cookie?: string; remoteAddress?: string } = {}) =>
  ctx.request(path, {
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
    ...init,
  });

describe("a hostile body to a public submission", () => {
  it("answers 4xx within 1 s while /api/health keeps answering under 1 s", async () => {
    const body = nestedBody();
    expect(body.length).toBeGreaterThan(900_000);
    expect(body.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    let answeredAt = 0;
    const hostile = postRaw(`/api/public/forms/${formId}/submissions`, body).then(async (res) => {
      answeredAt = performance.now();
      return { status: res.status, body: (await res.json()) as TErr };
    });
    // Health checks sent at the same time, every 20 ms, until the hostile request has its answer.
    const healthTimes: number[] = [];
    const health = (async () => {
      do {
        const t = performance.now();
        const res = await ctx.request("/api/health");
        expect(res.status).toBe(200);
        healthTimes.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 20));
      } while (!answeredAt && performance.now() - started < 15_000);
    })();
    const answer = await hostile;
    await health;
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe(
      "The request body is nested too deeply: at most 32 levels of lists and objects are accepted.",
    );
    expect(answeredAt - started).toBeLessThan(1_000);
    expect(healthTimes.length).toBeGreaterThan(0);
    expect(Math.max(...healthTimes)).toBeLessThan(1_000);
  });

  it("a far deeper body is a 400 too, never a 500", async () => {
    const deep = `{"formData":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    const res = await postRaw(`/api/public/forms/${formId}/submissions`, deep);
    expect(res.status).toBe(400);
    expect(((await res.json()) as TErr).error.code).toBe("BAD_REQUEST");
  });

  it("too many strings: 413 naming the limit", async () => {
    const many = `{"formData":{"name":[${new Array(10_001).fill('"a"').join(",")}]}}`;
    const res = await postRaw(`/api/public/forms/${formId}/submissions`, many);
    expect(res.status).toBe(413);
    expect(((await res.json()) as TErr).error.message).toBe(
      "The request body has too many values: at most 10,000 texts are accepted.",
    );
  });

  it("counts refused bodies against the address's submission limit (429 once over it)", async () => {
    const deep = `{"formData":${"[".repeat(40)}${"]".repeat(40)}}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await postRaw(`/api/public/forms/${formId}/submissions`, deep, {
        remoteAddress: "192.0.2.77",
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it("a normal submission still goes through", async () => {
    const res = await submit(ctx, formId, QUOTE_ANSWERS);
    expect(res.status).toBe(201);
  });
});

describe("every /api route", () => {
  it("refuses a body nested deeper than 32 with 400, at the limit it passes on", async () => {
    const nested = (levels: number) =>
      `{"name":"Roof","price":5,"x":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;
    const over = await postRaw("/api/niches", nested(33), { cookie: acme.cookie });
    expect(over.status).toBe(400);
    const within = await postRaw("/api/niches", nested(32), { cookie: acme.cookie });
    expect(within.status).not.toBe(400);
    expect(within.status).toBeLessThan(500);
  });
});

describe("the checks cost linear time", () => {
  it("checkJsonShape counts depth and strings, ignoring brackets and quotes inside strings", () => {
    expect(checkJsonShape('{"a":"[[[[\\"{{{"}', { maxDepth: 1, maxStrings: 2 })).toBeNull();
    expect(checkJsonShape('{"a":[1]}', { maxDepth: 1, maxStrings: 5 })?.status).toBe(400);
    expect(checkJsonShape('["a","b","c"]', { maxDepth: 5, maxStrings: 2 })?.status).toBe(413);
  });

  it("the sanitiser's walk is linear however deep the body (it used to copy the path at every node)", () => {
    const depth = 6_000;
    let value: unknown = new Array(100_000).fill("ok");
    (value as string[])[99_999] = "bad\u0000";
    for (let i = 0; i < depth; i++) value = [value];
    const started = performance.now();
    expect(findUnstorableText({ a: value })).toBe(`a.${"0.".repeat(depth)}99999`);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
