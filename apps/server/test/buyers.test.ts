import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyers, companies, userRoles } from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let member: Awaited<ReturnType<typeof createCompanyWithOwner>>;

type TAnswer = { buyer: Record<string, unknown> & { id: string }; message: string };
type TError = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const roofer = {
  contactName: "Rita Roofer",
  companyName: "Rita Roofing",
  email: "Rita@Roofing.test",
  zipCode: "80202",
  serviceRadius: 25,
  costPerLead: 45,
  prepaidLeadsTotal: 0,
};

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
  other = await createCompanyWithOwner(ctx, "owner@other.test", "Other Co");
  member = await createCompanyWithOwner(ctx, "member@acme.test", "Member's Own Co");
  await ctx.database.db
    .insert(userRoles)
    .values({ userId: member.userId, companyId: acme.companyId, role: "member" });
  // Two credits per dollar-and-a-half: 45 USD at 1.50 per credit is 30 credits.
  await ctx.database.db
    .update(companies)
    .set({ creditValueUsd: 1.5 })
    .where(eq(companies.id, acme.companyId));
});
afterAll(() => ctx.close());

const call = (
  cookie: string,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) => ctx.request(path, { cookie, ...init });
const create = (cookie: string, json: unknown, headers?: Record<string, string>) =>
  call(cookie, "/api/buyers", { method: "POST", json, headers });

describe("buyers: create", () => {
  it("adds an active buyer located at its zip's centroid, with the price in dollars and credits", async () => {
    const res = await create(acme.cookie, { ...roofer, nicheId: acme.nicheId });
    expect(res.status).toBe(201);
    const { buyer, message } = (await res.json()) as TAnswer;
    expect(message).toBe("Buyer created successfully!");
    expect(buyer).toMatchObject({
      email: "rita@roofing.test",
      status: "active",
      hasAccount: false,
      city: "Denver",
      state: "CO",
      serviceRadius: 25,
      costPerLead: 45,
      costPerLeadCredits: 30,
      niche: { id: acme.nicheId, name: "Roofing", price: 40 },
    });
    expect(buyer.latitude).toBeCloseTo(39.75, 1);
    expect(buyer.longitude).toBeCloseTo(-104.99, 1);
    expect(buyer).not.toHaveProperty("userId");
  });

  it("answers the spec's validation texts", async () => {
    const res = await create(acme.cookie, {
      contactName: "R",
      companyName: "X",
      email: "nope",
      serviceRadius: 501,
    });
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as TError;
    expect(error.fields).toMatchObject({
      contactName: ["Contact name must be at least 2 characters."],
      companyName: ["Company name must be at least 2 characters."],
      email: ["Please enter a valid email address."],
      serviceRadius: ["Service radius cannot exceed 500 miles."],
    });
    const zero = await create(acme.cookie, { ...roofer, email: "zero@r.test", serviceRadius: 0 });
    expect(((await zero.json()) as TError).error.fields?.serviceRadius).toEqual([
      "Service radius must be at least 1 mile.",
    ]);
    const prepaid = await create(acme.cookie, {
      ...roofer,
      email: "p@r.test",
      prepaidLeadsTotal: 2,
      prepaidLeadsRemaining: 3,
    });
    expect(prepaid.status).toBe(422);
  });

  it("defaults the radius to 50, the company name to the contact name, remaining prepaid to the total; all-you-can-eat costs 0", async () => {
    const res = await create(acme.cookie, {
      contactName: "Hank Hvac",
      email: "hank@hvac.test",
      allYouCanEatEnabled: true,
      costPerLead: 30,
      prepaidLeadsTotal: 4,
    });
    const { buyer } = (await res.json()) as TAnswer;
    expect(buyer).toMatchObject({
      companyName: "Hank Hvac",
      serviceRadius: 50,
      costPerLead: 0,
      prepaidLeadsTotal: 4,
      prepaidLeadsRemaining: 4,
      latitude: null,
      niche: null,
    });
  });

  it("refuses a second buyer with the same e-mail and niche", async () => {
    const res = await create(acme.cookie, { ...roofer, email: "rita@ROOFING.test", nicheId: acme.nicheId });
    expect(res.status).toBe(409);
    expect(((await res.json()) as TError).error.message).toBe(
      "A buyer with this email already exists in your company.",
    );
  });

  it("replays the first answer for a repeated Idempotency-Key instead of creating twice", async () => {
    const body = { contactName: "Ida Idem", email: "ida@idem.test" };
    const key = { "idempotency-key": "create-ida-0001" };
    const first = (await (await create(acme.cookie, body, key)).json()) as TAnswer;
    const again = await create(acme.cookie, body, key);
    expect(again.status).toBe(201);
    expect(((await again.json()) as TAnswer).buyer.id).toBe(first.buyer.id);
    const rows = await ctx.database.db.select().from(buyers).where(eq(buyers.email, "ida@idem.test"));
    expect(rows).toHaveLength(1);
    const changed = await create(acme.cookie, { ...body, contactName: "Ida Other" }, key);
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as TError).error.message).toBe(
      "Idempotency key reused with a different request",
    );
  });

  it("refuses members with the spec's permission text", async () => {
    const res = await create(member.cookie, roofer, { "x-company-id": acme.companyId });
    expect(res.status).toBe(403);
    expect(((await res.json()) as TError).error.message).toBe(
      "Permission denied. You must be an owner or admin to create buyers.",
    );
  });

  it("limits basic-tier companies to 1 buyer", async () => {
    await ctx.database.db
      .update(companies)
      .set({ subscriptionTier: "basic" })
      .where(eq(companies.id, other.companyId));
    expect((await create(other.cookie, { contactName: "First One", email: "first@o.test" })).status).toBe(
      201,
    );
    const res = await create(other.cookie, { contactName: "Second One", email: "second@o.test" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as TError).error.message).toBe(
      "Basic tier companies are limited to 1 buyer. Please upgrade your subscription.",
    );
    const invited = await call(other.cookie, "/api/buyers/invite", {
      method: "POST",
      json: { email: "third@o.test", nicheId: other.nicheId },
    });
    expect(invited.status).toBe(403);
    expect(((await invited.json()) as TError).error.message).toBe(
      "Basic tier companies are limited to 1 buyer. Please upgrade your subscription.",
    );
    await ctx.database.db
      .update(companies)
      .set({ subscriptionTier: "free" })
      .where(eq(companies.id, other.companyId));
  });

  it("refuses another company's niche", async () => {
    const res = await create(acme.cookie, { ...roofer, email: "x@niche.test", nicheId: other.nicheId });
    expect(res.status).toBe(422);
  });
});

async function findBuyer(email: string) {
  const [row] = await ctx.database.db.select().from(buyers).where(eq(buyers.email, email));
  return row!;
}

describe("buyers: list, edit, switch", () => {
  it("lists by tab and niche, newest first, with counts; members may read", async () => {
    const all = (await (
      await call(member.cookie, "/api/buyers", { headers: { "x-company-id": acme.companyId } })
    ).json()) as {
      buyers: { email: string }[];
      counts: Record<string, number>;
    };
    expect(all.counts).toEqual({ active: 3, pending: 0, inactive: 0, all: 3 });
    expect(all.buyers[0]!.email).toBe("ida@idem.test");
    const roofing = (await (
      await call(acme.cookie, `/api/buyers?status=active&nicheId=${acme.nicheId}`)
    ).json()) as {
      buyers: { email: string }[];
    };
    expect(roofing.buyers.map((b) => b.email)).toEqual(["rita@roofing.test"]);
  });

  it("edits only the fields sent and moves the location with the zip", async () => {
    const rita = await findBuyer("rita@roofing.test");
    const res = await call(acme.cookie, `/api/buyers/${rita.id}`, {
      method: "PATCH",
      json: { zipCode: "10001", city: null, state: null, phoneNumber: "3035550199" },
    });
    expect(res.status).toBe(200);
    const { buyer, message } = (await res.json()) as TAnswer;
    expect(message).toBe("Buyer updated successfully!");
    expect(buyer).toMatchObject({
      zipCode: "10001",
      city: "New York",
      state: "NY",
      phoneNumber: "+13035550199",
      serviceRadius: 25,
    });
    expect(buyer.latitude).toBeCloseTo(40.75, 1);
  });

  it("switches a buyer inactive and back with the tab toasts", async () => {
    const rita = await findBuyer("rita@roofing.test");
    const off = await call(acme.cookie, `/api/buyers/${rita.id}/status`, {
      method: "POST",
      json: { status: "inactive" },
    });
    expect(((await off.json()) as TAnswer).message).toBe("Rita Roofing moved to Inactive Buyers tab");
    const list = (await (await call(acme.cookie, "/api/buyers?status=inactive")).json()) as {
      buyers: unknown[];
    };
    expect(list.buyers).toHaveLength(1);
    const on = await call(acme.cookie, `/api/buyers/${rita.id}/status`, {
      method: "POST",
      json: { status: "active" },
    });
    expect(((await on.json()) as TAnswer).message).toBe("Rita Roofing moved to Active Buyers tab");
    const denied = await call(member.cookie, `/api/buyers/${rita.id}/status`, {
      method: "POST",
      json: { status: "inactive" },
      headers: { "x-company-id": acme.companyId },
    });
    expect(((await denied.json()) as TError).error.message).toBe(
      "Permission denied. You must be an owner or admin to update buyers.",
    );
  });
});

describe("buyers: invitations on the card", () => {
  it("shows a pending invitation after Send Invitation", async () => {
    const ida = await findBuyer("ida@idem.test");
    const before = (await (await call(acme.cookie, `/api/buyers/${ida.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(before).toMatchObject({ invitationPending: false, hasAccount: false });
    const sent = await call(acme.cookie, "/api/buyers/invite", {
      method: "POST",
      json: { email: "ida@idem.test", nicheId: acme.nicheId, buyerId: ida.id },
    });
    expect(sent.status).toBe(200);
    const after = (await (await call(acme.cookie, `/api/buyers/${ida.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(after).toMatchObject({ invitationPending: true, hasAccount: false, status: "active" });
  });
});

describe("buyers: archive", () => {
  it("needs the exact company name", async () => {
    const rita = await findBuyer("rita@roofing.test");
    const res = await call(acme.cookie, `/api/buyers/${rita.id}/archive`, {
      method: "POST",
      json: { confirmName: "rita roofing" },
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as TError).error.message).toBe(
      "Company name does not match. Please type the exact company name to confirm.",
    );
  });

  it("is refused while prepaid leads or credits remain", async () => {
    const hank = await findBuyer("hank@hvac.test");
    const prepaid = await call(acme.cookie, `/api/buyers/${hank.id}/archive`, {
      method: "POST",
      json: { confirmName: "Hank Hvac" },
    });
    expect(prepaid.status).toBe(409);
    expect(((await prepaid.json()) as TError).error.message).toBe(
      "Cannot delete: Buyer has unconsumed prepaid leads. Please use or refund them first.",
    );
    await ctx.database.db
      .update(buyers)
      .set({ prepaidLeadsRemaining: 0, creditBalance: 5 })
      .where(eq(buyers.id, hank.id));
    const credits = await call(acme.cookie, `/api/buyers/${hank.id}/archive`, {
      method: "POST",
      json: { confirmName: "Hank Hvac" },
    });
    expect(((await credits.json()) as TError).error.message).toBe(
      "Cannot delete: Buyer has unconsumed credits. Please use or refund them first.",
    );
  });

  it("archives softly: gone from the lists, row kept, a second archive answers not found", async () => {
    const rita = await findBuyer("rita@roofing.test");
    const res = await call(acme.cookie, `/api/buyers/${rita.id}/archive`, {
      method: "POST",
      json: { confirmName: " Rita Roofing " },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Buyer archived successfully. Purchases remain linked.",
    );
    expect((await findBuyer("rita@roofing.test")).deletedAt).not.toBeNull();
    const list = (await (await call(acme.cookie, "/api/buyers")).json()) as { buyers: { id: string }[] };
    expect(list.buyers.map((b) => b.id)).not.toContain(rita.id);
    const again = await call(acme.cookie, `/api/buyers/${rita.id}/archive`, {
      method: "POST",
      json: { confirmName: "Rita Roofing" },
    });
    expect(again.status).toBe(404);
    expect(((await again.json()) as TError).error.message).toBe("Buyer not found or already deleted.");
    // Archived, the e-mail and niche are free again.
    expect((await create(acme.cookie, { ...roofer, nicheId: acme.nicheId })).status).toBe(201);
  });
});

describe("buyers: tenant isolation", () => {
  it("answers 404 and no data for another company's buyer ids", async () => {
    const ida = await findBuyer("ida@idem.test");
    const paths: [string, string, unknown?][] = [
      ["GET", `/api/buyers/${ida.id}`],
      ["PATCH", `/api/buyers/${ida.id}`, { phoneNumber: "3035550101" }],
      ["POST", `/api/buyers/${ida.id}/status`, { status: "inactive" }],
      ["POST", `/api/buyers/${ida.id}/archive`, { confirmName: "Ida Idem" }],
    ];
    for (const [method, path, json] of paths) {
      const res = await call(other.cookie, path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.text()).not.toContain("ida@idem.test");
    }
    const list = (await (await call(other.cookie, "/api/buyers")).json()) as { buyers: { email: string }[] };
    expect(list.buyers.map((b) => b.email)).toEqual(["first@o.test"]);
    expect((await findBuyer("ida@idem.test")).status).toBe("active");
  });

  it("needs a session", async () => {
    expect((await ctx.request("/api/buyers")).status).toBe(401);
    expect((await ctx.request("/api/buyers/map")).status).toBe(401);
  });
});

describe("buyers map and company status", () => {
  it("maps active located buyers only and passes the company's map token", async () => {
    const before = (await (await call(acme.cookie, "/api/buyers/map")).json()) as {
      mapToken: string | null;
      buyers: { name: string; latitude: number | null }[];
    };
    expect(before.mapToken).toBeNull();
    expect(before.buyers.map((b) => b.name).sort()).toEqual(["Hank Hvac", "Ida Idem", "Rita Roofing"]);
    await ctx.database.db
      .update(companies)
      .set({ mapboxToken: "pk.test-token" })
      .where(eq(companies.id, acme.companyId));
    const after = (await (await call(acme.cookie, "/api/buyers/map")).json()) as { mapToken: string | null };
    expect(after.mapToken).toBe("pk.test-token");
    const others = (await (await call(other.cookie, "/api/buyers/map")).json()) as {
      mapToken: string | null;
      buyers: { name: string }[];
    };
    expect(others).toEqual({ mapToken: null, buyers: [expect.objectContaining({ name: "First One" })] });
  });

  it("reports trial and setup completeness without revealing secrets", async () => {
    const res = await call(acme.cookie, "/api/company/status");
    const status = (await res.json()) as Record<string, unknown>;
    expect(status).toMatchObject({
      companyId: acme.companyId,
      subscriptionTier: "free",
      isTrialExempt: false,
      setupComplete: false,
    });
    expect(status.setupMissing).toEqual(
      expect.arrayContaining(["Resend API key", "Twilio auth token", "Google Maps API key"]),
    );
    expect(typeof status.trialExpiresAt).toBe("string");
  });
});
