import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companySnapshot, setUpTwoCompanies, type TTwoCompanies, unrefused } from "./helpers/tenant-sweep";
import { createTestContext, type TTestContext } from "./helpers/test-app";

/**
 * Another company's ids sent to every operation of the served OpenAPI document that takes an id in its
 * path: one id of each kind of row the first company owns (every table with a company column), its
 * owner's user id too. The second company's owner, buyer and API key must get a refusal (4xx) and none of
 * the first company's data, from every method; a body, where the operation takes one, is `{}` (a change
 * of nothing still names the row). Operations the document declares public (a public form, a company's
 * sign-up branding) show what they show to anyone, and are left out. Afterwards every row of the first
 * company is as it was.
 */
let ctx: TTestContext;
let two: TTwoCompanies;
let before: Record<string, string>;
let operations: { method: string; path: string; hasBody: boolean }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  two = await setUpTwoCompanies(ctx);
  before = await companySnapshot(ctx, two.firstCompanyId);
  operations = Object.entries(two.doc.paths)
    .filter(([path]) => path.includes("{"))
    .flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.length !== 0)
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          hasBody: op.requestBody !== undefined,
        })),
    );
}, 120_000);
afterAll(() => ctx.close());

describe("another company's ids in the path", () => {
  it.each(["owner", "buyer", "API key"] as const)(
    "are refused by every operation, with none of its data, for its %s",
    async (caller) => {
      expect(two.firstIds.length).toBeGreaterThan(15);
      expect(operations.length).toBeGreaterThan(80);
      const requests = operations.map(({ method, path, hasBody }) => ({
        method,
        path,
        build: (id: string) => ({ url: path.replace(/\{[^}]+\}/g, id), body: hasBody ? "{}" : undefined }),
      }));
      const leaks = await unrefused(ctx, two, caller, requests);
      expect(leaks).toEqual([]);
    },
    300_000,
  );

  it("leave every row of the first company as it was", async () => {
    expect(Object.values(before).filter(Boolean).length).toBeGreaterThan(15);
    expect(await companySnapshot(ctx, two.firstCompanyId)).toEqual(before);
  });
});
