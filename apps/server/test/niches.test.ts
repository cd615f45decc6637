import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyers, forms, niches, userRoles } from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let member: Awaited<ReturnType<typeof createCompanyWithOwner>>;

type TNicheAnswer = {
  niche: { id: string; name: string; price: number; buyerCount: number };
  message: string;
};
type TError = { error: { code: string; message: string; fields?: Record<string, string[]> } };

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
  other = await createCompanyWithOwner(ctx, "owner@other.test", "Other Co");
  member = await createCompanyWithOwner(ctx, "member@acme.test", "Member's Own Co");
  await ctx.database.db
    .insert(userRoles)
    .values({ userId: member.userId, companyId: acme.companyId, role: "member" });
});
afterAll(() => ctx.close());

const call = (
  cookie: string,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) => ctx.request(path, { cookie, ...init });

describe("niches", () => {
  let solarId: string;

  it("creates a niche with a price rounded to cents", async () => {
    const res = await call(acme.cookie, "/api/niches", {
      method: "POST",
      json: { name: "  Solar ", price: 12.345 },
    });
    expect(res.status).toBe(201);
    const { niche, message } = (await res.json()) as TNicheAnswer;
    expect(message).toBe("Niche created successfully!");
    expect(niche).toMatchObject({ name: "Solar", price: 12.35, buyerCount: 0 });
    solarId = niche.id;
  });

  it("validates and refuses duplicate names whatever their case", async () => {
    const empty = await call(acme.cookie, "/api/niches", { method: "POST", json: { name: " ", price: -1 } });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as TError).error.fields).toMatchObject({
      name: ["Please enter a niche name."],
      price: ["Price must be a number of at least 0."],
    });
    const dup = await call(acme.cookie, "/api/niches", { method: "POST", json: { name: "ROOFING" } });
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as TError).error.message).toBe("A niche with this name already exists.");
    // Another company may use the same name.
    expect(
      (await call(other.cookie, "/api/niches", { method: "POST", json: { name: "Solar" } })).status,
    ).toBe(201);
  });

  it("lists the company's niches by name with buyer counts; members read but cannot write", async () => {
    await ctx.database.db.insert(buyers).values({
      companyId: acme.companyId,
      email: "b@roof.test",
      contactName: "Roof Buyer",
      nicheId: acme.nicheId,
      status: "active",
    });
    const headers = { "x-company-id": acme.companyId };
    const res = await call(member.cookie, "/api/niches", { headers });
    const { niches: list } = (await res.json()) as { niches: { name: string; buyerCount: number }[] };
    expect(list.map((n) => [n.name, n.buyerCount])).toEqual([
      ["Roofing", 1],
      ["Solar", 0],
    ]);
    const denied = await call(member.cookie, "/api/niches", {
      method: "POST",
      json: { name: "Pools" },
      headers,
    });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as TError).error.message).toBe(
      "Permission denied. You must be an owner or admin to manage niches.",
    );
  });

  it("renames and reprices", async () => {
    const res = await call(acme.cookie, `/api/niches/${solarId}`, {
      method: "PATCH",
      json: { name: "Solar Panels", price: 20 },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as TNicheAnswer).niche).toMatchObject({ name: "Solar Panels", price: 20 });
    const clash = await call(acme.cookie, `/api/niches/${solarId}`, {
      method: "PATCH",
      json: { name: "roofing" },
    });
    expect(clash.status).toBe(409);
  });

  it("refuses to delete a niche while buyers use it, archived buyers included", async () => {
    const res = await call(acme.cookie, `/api/niches/${acme.nicheId}`, { method: "DELETE" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as TError).error.message).toBe(
      "This niche is used by 1 buyer. Move them to another niche or archive them before deleting it.",
    );
    await ctx.database.db
      .update(buyers)
      .set({ deletedAt: new Date() })
      .where(eq(buyers.email, "b@roof.test"));
    expect((await call(acme.cookie, `/api/niches/${acme.nicheId}`, { method: "DELETE" })).status).toBe(409);
  });

  it("deletes an unused niche; its forms lose the link", async () => {
    const [form] = await ctx.database.db
      .insert(forms)
      .values({ companyId: acme.companyId, title: "Solar form", nicheId: solarId })
      .returning();
    const res = await call(acme.cookie, `/api/niches/${solarId}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe("Niche deleted successfully.");
    expect(await ctx.database.db.select().from(niches).where(eq(niches.id, solarId))).toEqual([]);
    const [after] = await ctx.database.db.select().from(forms).where(eq(forms.id, form!.id));
    expect(after!.nicheId).toBeNull();
  });

  it("answers 404 for another company's niche ids and never lists them", async () => {
    for (const [method, json] of [
      ["PATCH", { name: "Stolen" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(other.cookie, `/api/niches/${acme.nicheId}`, { method, json });
      expect(res.status).toBe(404);
    }
    const { niches: list } = (await (await call(other.cookie, "/api/niches")).json()) as {
      niches: { id: string }[];
    };
    expect(list.map((n) => n.id)).not.toContain(acme.nicheId);
    const [roofing] = await ctx.database.db.select().from(niches).where(eq(niches.id, acme.nicheId));
    expect(roofing!.name).toBe("Roofing");
  });
});
