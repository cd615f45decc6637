import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuyerWithUser, createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { createTestContext, signIn, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";

/**
 * Bad input sent to every operation of the served OpenAPI document, as each kind of signed-in user:
 * ids that are not ids or belong to nobody, bodies that are not JSON, not an object, or hold fields of
 * the wrong type, and nonsense query parameters. Each must be answered in words (docs/api.md "Errors"):
 * no 5xx, no exception name, no validation library's text, no schema path, no database message.
 */
const LIBRARY_WORDS = [
  /ZodError|TypeError|ReferenceError|SyntaxError|RangeError|Unexpected token|JSON at position/,
  /Invalid input|expected \w+, received/i,
  /"path":\s*\[/,
  /\b(body|query|params)\.\w+/,
  /invalid input syntax for type|violates .* constraint|relation "|column "/,
  /\bat \S+\.(ts|js):\d+/,
  /Unsupported Media Type/,
];
const BODIES: [string, string][] = [
  ["not JSON", "{not json"],
  ["a list", "[]"],
  ["null", "null"],
  [
    "fields of the wrong type",
    JSON.stringify({ name: 5, email: ["x"], id: {}, userId: 5, amount: "lots", status: 7, enabled: "yes" }),
  ],
];
const IDS = ["not-an-id", "00000000-0000-4000-8000-000000000000"];
// Requests that would end the session the sweep runs in.
const SKIPPED = /sign-out|\/auth\//;

let ctx: TTestContext;
/** Each kind of caller's credentials, as request headers. */
const callers: Record<string, Record<string, string>> = {};
let operations: { method: string; path: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ PLATFORM_ADMIN_EMAILS: "admin@sweep.test" });
  const acme = await createCompanyWithOwner(ctx, "owner@sweep.test", "Sweep Co");
  callers.owner = { cookie: acme.cookie };
  await createUser(ctx, "admin@sweep.test");
  callers["platform admin"] = { cookie: await signIn(ctx, "admin@sweep.test", FIXTURE_PASSWORD) };
  await createBuyerWithUser(ctx, acme, "buyer@sweep.test");
  callers.buyer = { cookie: await signInBuyer(ctx, "buyer@sweep.test") };
  const key = await ctx.request("/api/settings/api-keys", {
    method: "POST",
    cookie: acme.cookie,
    json: { name: "Sweep", environment: "production" },
  });
  callers["API key"] = { authorization: `Bearer ${((await key.json()) as { secret: string }).secret}` };
  const doc = (await (await ctx.request("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
}, 120_000);
afterAll(() => ctx.close());

/** What the operation answers to each kind of bad input, where the answer is not one a user can read. */
async function problemsOf(
  caller: Record<string, string>,
  { method, path }: { method: string; path: string },
) {
  const problems: string[] = [];
  const urls = path.includes("{") ? IDS.map((id) => path.replace(/\{[^}]+\}/g, id)) : [path];
  const withBody = ["POST", "PUT", "PATCH"].includes(method);
  for (const url of urls) {
    for (const [label, body] of withBody ? BODIES : [["no body", undefined] as const]) {
      const res = await ctx.request(`${url}?page=-1&limit=lots&from=someday&sort=%27`, {
        method,
        headers: {
          ...caller,
          origin: TEST_ORIGIN,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body,
      });
      const text = await res.text();
      if (res.status >= 500 || LIBRARY_WORDS.some((words) => words.test(text)))
        problems.push(`${method} ${url} (${label}) → ${res.status} ${text.slice(0, 200)}`);
    }
  }
  return problems;
}

describe("every operation answers bad input in words", () => {
  it.each(["owner", "platform admin", "buyer", "API key"])(
    "as the %s",
    async (role) => {
      expect(operations.length).toBeGreaterThan(200);
      const problems: string[] = [];
      for (const op of operations) {
        if (SKIPPED.test(op.path)) continue;
        // The buyer's own routes as the buyer, the integration API with a key; the rest as the others.
        const own = op.path.startsWith("/api/buyer")
          ? "buyer"
          : op.path.startsWith("/api/v1")
            ? "API key"
            : null;
        if ((own ?? "") !== (role === "buyer" || role === "API key" ? role : "")) continue;
        problems.push(...(await problemsOf(callers[role]!, op)));
      }
      expect(problems).toEqual([]);
    },
    180_000,
  );
});
