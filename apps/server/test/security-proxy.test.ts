import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
beforeAll(async () => {
  // One proxy in front: it appends the address it saw to whatever X-Forwarded-For the client sent.
  ctx = await createTestContext({ TRUST_PROXY: "1" });
});
afterAll(() => ctx?.close());

describe("client address behind one trusted proxy", () => {
  it("a forged X-Forwarded-For per request does not lift the sign-in rate limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await ctx.app.request(
        "/api/auth/sign-in/email",
        {
          method: "POST",
          headers: {
            origin: TEST_ORIGIN,
            "content-type": "application/json",
            "x-forwarded-for": `198.18.${i}.${i + 1}, 203.0.113.77`,
          },
          body: JSON.stringify({ email: "nobody@example.com", password: `guess-${i}` }),
        },
        { incoming: { socket: { remoteAddress: "10.0.0.2", remoteFamily: "IPv4" } } },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  });
});
