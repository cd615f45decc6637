import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createBuyer, createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// Requests that act for one company run behind its wall, not only those behind requireCompanyRole: the
// buyer portal (as the buyer's company), the Lead Credits screen and the API-key lead list. Each test
// wraps one service of the request with a look that forgets every company filter, taken in the
// request's own context right before the real service runs: it must see only the acting company.

type TLook = { role: string; tenant: string | null; buyerCompanies: string[]; companies: string[] };

const looks = vi.hoisted(() => [] as TLook[]);

vi.mock("../src/modules/buyer-portal/account", async (importOriginal) => {
  const { lookWithoutFilter } = await import("./helpers/unfiltered-look");
  const actual = await importOriginal<typeof import("../src/modules/buyer-portal/account")>();
  return {
    ...actual,
    getProfile: async (...args: Parameters<typeof actual.getProfile>) => {
      looks.push(await lookWithoutFilter(args[0].database.db));
      return actual.getProfile(...args);
    },
  };
});

vi.mock("../src/modules/credits/service", async (importOriginal) => {
  const { lookWithoutFilter } = await import("./helpers/unfiltered-look");
  const actual = await importOriginal<typeof import("../src/modules/credits/service")>();
  return {
    ...actual,
    listCreditBuyers: async (...args: Parameters<typeof actual.listCreditBuyers>) => {
      looks.push(await lookWithoutFilter(args[0].database.db));
      return actual.listCreditBuyers(...args);
    },
  };
});

vi.mock("../src/modules/api-keys/lead-api", async (importOriginal) => {
  const { lookWithoutFilter } = await import("./helpers/unfiltered-look");
  const actual = await importOriginal<typeof import("../src/modules/api-keys/lead-api")>();
  return {
    ...actual,
    listApiLeads: async (...args: Parameters<typeof actual.listApiLeads>) => {
      looks.push(await lookWithoutFilter(args[0].database.db));
      return actual.listApiLeads(...args);
    },
  };
});

let ctx: TTestContext;
let a: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let b: Awaited<ReturnType<typeof createCompanyWithOwner>>;
beforeAll(async () => {
  ctx = await createTestContext();
  a = await createCompanyWithOwner(ctx, "owner@alpha.test", "Alpha");
  b = await createCompanyWithOwner(ctx, "owner@beta.test", "Beta");
  const userId = await createUser(ctx, "buyer@alpha.test");
  await createBuyer(ctx, { companyId: a.companyId, userId, email: "buyer@alpha.test" });
  await createBuyer(ctx, { companyId: b.companyId, userId: null, email: "someone@beta.test" });
});
afterAll(() => ctx.close());
beforeEach(() => {
  looks.length = 0;
});

const walledToAlpha = () => ({
  role: "leadpost_app",
  tenant: a.companyId,
  buyerCompanies: [a.companyId],
  companies: [a.companyId],
});

describe("requests outside requireCompanyRole run behind the wall", () => {
  it("a buyer-portal request sees only its buyer's company, even with no filter", async () => {
    const cookie = await signInBuyer(ctx, "buyer@alpha.test");
    const res = await ctx.request("/api/buyer-portal/profile", { cookie });
    expect(res.status).toBe(200);
    expect(looks).toEqual([walledToAlpha()]);
    // The same look outside any request (the system context) sees both companies: the wall did it.
    const { lookWithoutFilter } = await import("./helpers/unfiltered-look");
    const system = await lookWithoutFilter(ctx.database.db);
    expect(system.buyerCompanies.sort()).toEqual([a.companyId, b.companyId].sort());
  });

  it("a Lead Credits request runs inside its company's scope (not only its guard)", async () => {
    const res = await ctx.request("/api/credits/buyers", { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(looks).toEqual([walledToAlpha()]);
  });

  it("an API-key lead list runs as the key's company", async () => {
    const created = await ctx.request("/api/settings/api-keys", {
      method: "POST",
      cookie: a.cookie,
      json: { name: "CRM", environment: "production" },
    });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    const res = await ctx.request("/api/v1/leads", { headers: { authorization: `Bearer ${secret}` } });
    expect(res.status).toBe(200);
    expect(looks).toEqual([walledToAlpha()]);
  });
});
