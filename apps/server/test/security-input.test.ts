import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyers, creditTransactions, formSubmissions, niches } from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submit } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// Hostile text and numbers: refused with a 400 that names the field, never a 500.

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@input.test", "Input Co");
});
afterAll(() => ctx.close());

type TErr = { error: { code: string; message: string; fields?: Record<string, string[]> } };
// Built from JSON escapes: a real client sends them exactly like this.
const NUL = JSON.parse('"a\\u0000b"') as string;
const LONE = JSON.parse('"x\\ud83dy"') as string;

describe("text PostgreSQL cannot store", () => {
  it("refuses a NUL byte in a JSON field with 400 naming the field, and stores nothing", async () => {
    const res = await ctx.request("/api/niches", {
      method: "POST",
      cookie: acme.cookie,
      json: { name: `Roof${NUL}`, price: 5 },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as TErr;
    expect(body.error.code).toBe("INVALID_CHARACTERS");
    expect(body.error.fields).toHaveProperty("name");
    expect(body.error.message).toMatch(/^name: /);
    const rows = await ctx.database.db.select().from(niches).where(eq(niches.companyId, acme.companyId));
    expect(rows.map((r) => r.name)).toEqual(["Roofing"]);
  });

  it("refuses a lone surrogate in a nested field with 400 naming it", async () => {
    const res = await ctx.request("/api/buyers", {
      method: "POST",
      cookie: acme.cookie,
      json: { contactName: `Ann ${LONE}`, email: "ann@buyer.test" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as TErr).error.fields).toHaveProperty("contactName");
  });

  it("refuses a NUL in a query parameter and in the auth service's own input", async () => {
    const search = await ctx.request(`/api/leads?search=a%00b`, { cookie: acme.cookie });
    expect(search.status).toBe(400);
    expect(((await search.json()) as TErr).error.fields).toHaveProperty("search");
    const signIn = await ctx.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: `x${NUL}@example.com`, password: "whatever1" },
    });
    expect(signIn.status).toBe(400);
    expect(((await signIn.json()) as TErr).error.fields).toHaveProperty("email");
  });

  it("cleans an anonymous visitor's form answers instead of losing the lead", async () => {
    const form = await createPublishedForm(ctx, acme.cookie);
    const res = await submit(ctx, form.id, { ...QUOTE_ANSWERS, "f-details": `Leaks${NUL} ${LONE}` });
    expect(res.status).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.id));
    expect((row!.data as Record<string, string>)["f-details"]).toBe("Leaksab x\uFFFDy");
  });
});

describe("credits out of range", () => {
  it("refuses a grant that would take a balance past the 32-bit column with 400, changing nothing", async () => {
    const created = await ctx.request("/api/buyers", {
      method: "POST",
      cookie: acme.cookie,
      json: { contactName: "Rich Buyer", email: "rich@buyer.test" },
    });
    const { buyer } = (await created.json()) as { buyer: { id: string } };
    await ctx.database.db.update(buyers).set({ creditBalance: 2_147_000_000 }).where(eq(buyers.id, buyer.id));
    const res = await ctx.request("/api/credits/adjust", {
      method: "POST",
      cookie: acme.cookie,
      json: { buyerId: buyer.id, amount: 1_000_000, reason: "Overflow", idempotencyKey: "overflow-key-0001" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as TErr).error.fields).toHaveProperty("amount");
    const [after] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, buyer.id));
    expect(after!.creditBalance).toBe(2_147_000_000);
    expect(
      await ctx.database.db.select().from(creditTransactions).where(eq(creditTransactions.buyerId, buyer.id)),
    ).toEqual([]);
  });
});
