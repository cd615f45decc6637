import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  companySnapshot,
  setUpTwoCompanies,
  type TOpenApiSchema,
  type TTwoCompanies,
  unrefused,
} from "./helpers/tenant-sweep";
import { createTestContext, type TTestContext } from "./helpers/test-app";

/**
 * Another company's ids in a request's body: every signed-in operation whose JSON body has an id field
 * (a buyer list, a lead to buy, a niche) is sent a body made from its schema with every id field set to
 * one of the first company's ids, one kind after another, on the second company's own rows where the
 * path names one. The second company's owner, buyer and API key must be refused (4xx) and see none of
 * the first company's data; afterwards every row of the first company is as it was.
 */
let ctx: TTestContext;
let two: TTwoCompanies;
let before: Record<string, string>;
let operations: { method: string; path: string; schema: TOpenApiSchema }[] = [];

/** Values for fields whose rules a schema's type does not tell (formats checked by a refinement). */
const HINTS: Record<string, unknown> = {
  email: "someone@second-sweep.test",
  phoneNumber: "+15557770009",
  destinationNumber: "+15557770002",
  companyName: "Sweep Buyer Co",
  contactName: "Sam Sweep",
  name: "Sweep",
  title: "Sweep form",
  label: "Sweep",
  idempotencyKey: "sweep-key-0001",
  zipCode: "80202",
  imageUrl: "/x.png",
  fields: [{ id: "name", type: "text", label: "Full name", required: true, width: "full" }],
  amount: 5,
  timeZone: "America/Denver",
  redirectUrl: "/thanks",
  deliveryHours: null,
};

/** A value the schema takes, with `id` in every id field (`key`: the field's name, for HINTS). */
function bodyValue(schema: TOpenApiSchema, id: string, key?: string): unknown {
  if (key !== undefined && key in HINTS && schema.format !== "uuid") return HINTS[key];
  if (key !== undefined && /colou?r$/i.test(key)) return "#3182ce";
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (schema.anyOf) return bodyValue(schema.anyOf.find((s) => s.type !== "null") ?? {}, id, key);
  if (schema.enum) return schema.enum[0];
  if (schema.format === "uuid") return id;
  if (type === "object")
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, s]) => [k, bodyValue(s, id, k)]),
    );
  if (type === "array") return [bodyValue(schema.items ?? {}, id)];
  if (type === "integer" || type === "number") return Math.max(1, schema.minimum ?? 1);
  if (type === "boolean") return true;
  if (schema.format === "email") return "someone@second-sweep.test";
  if (schema.format === "date-time") return new Date(Date.now() + 86_400_000).toISOString();
  return "x".repeat(Math.max(1, schema.minLength ?? 1));
}

const hasIdField = (schema: TOpenApiSchema): boolean =>
  schema.format === "uuid" ||
  Object.values(schema.properties ?? {}).some(hasIdField) ||
  (schema.items !== undefined && hasIdField(schema.items)) ||
  (schema.anyOf ?? []).some(hasIdField);

beforeAll(async () => {
  ctx = await createTestContext();
  two = await setUpTwoCompanies(ctx);
  before = await companySnapshot(ctx, two.firstCompanyId);
  operations = Object.entries(two.doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([method, op]) => {
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      return op.security?.length !== 0 && schema && hasIdField(schema)
        ? [{ method: method.toUpperCase(), path, schema }]
        : [];
    }),
  );
}, 120_000);
afterAll(() => ctx.close());

describe("another company's ids in the body", () => {
  it.each(["owner", "buyer", "API key"] as const)(
    "are refused by every operation, with none of its data, for its %s",
    async (caller) => {
      expect(operations.length).toBeGreaterThan(15);
      // The path names the second company's own row: only the body reaches the first company.
      const requests = operations.map(({ method, path, schema }) => ({
        method,
        path,
        build: (id: string) => ({
          url: path.replace(/\{([^}]+)\}/g, (_, name: string) => two.secondOwn[name] ?? name),
          body: JSON.stringify(bodyValue(schema, id)),
        }),
      }));
      const leaks = await unrefused(ctx, two, caller, requests);
      expect(leaks).toEqual([]);
    },
    300_000,
  );

  it("leave every row of the first company as it was", async () => {
    expect(await companySnapshot(ctx, two.firstCompanyId)).toEqual(before);
  });
});
