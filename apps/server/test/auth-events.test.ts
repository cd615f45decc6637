import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme.test");
  other = await createCompanyWithOwner(ctx, "owner@other.test");
  await ctx.request("/api/auth/sign-in/email", {
    method: "POST",
    json: { email: "owner@acme.test", password: "wrong-one" },
  });
});
afterAll(() => ctx.close());

type TEvents = {
  events: { email: string; eventType: string; status: string; errorMessage: string | null }[];
};
const list = async (cookie: string, query = "") =>
  (await (await ctx.request(`/api/auth-events${query}`, { cookie })).json()) as TEvents;

describe("auth events", () => {
  it("lists only the caller's company, newest first", async () => {
    const { events } = await list(acme.cookie);
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.every((e) => e.email === "owner@acme.test")).toBe(true);
    expect(events[0]).toMatchObject({ eventType: "login", status: "error" });
    const foreign = await list(other.cookie);
    expect(foreign.events.some((e) => e.email === "owner@acme.test")).toBe(false);
  });

  it("filters by e-mail text, type and status", async () => {
    expect((await list(acme.cookie, "?status=error")).events).toHaveLength(1);
    expect((await list(acme.cookie, "?eventType=signup")).events).toMatchObject([
      { eventType: "signup", status: "success" },
    ]);
    expect((await list(acme.cookie, "?email=nobody")).events).toEqual([]);
    expect((await list(acme.cookie, "?email=%25")).events).toEqual([]);
    expect((await ctx.request("/api/auth-events?status=maybe", { cookie: acme.cookie })).status).toBe(422);
  });

  it("is closed to signed-out visitors", async () => {
    expect((await ctx.request("/api/auth-events")).status).toBe(401);
  });
});
