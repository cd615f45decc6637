import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grant, insertBuyer } from "./helpers/credits";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { untilTrue } from "./helpers/until";

const END = "end of test";

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Every credits_changed notification the database publishes, as a listener on any instance hears it. */
async function listenCredits(heard: string[]): Promise<() => Promise<void>> {
  const source = ctx.database.listenSource;
  if (source.kind === "pglite") return source.listen("credits_changed", (p) => heard.push(p));
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  client.on("notification", (n) => {
    if (n.channel === "credits_changed") heard.push(n.payload ?? "");
  });
  await client.query("listen credits_changed");
  return () => client.end();
}

describe("live events", () => {
  it("announce each credit change exactly once", async () => {
    const acme = await createCompanyWithOwner(ctx, "owner@once.test", "Once Leads");
    const buyer = await insertBuyer(ctx, acme.companyId);
    const heard: string[] = [];
    const stop = await listenCredits(heard);
    try {
      await grant(ctx, acme.cookie, buyer.id, 5);
      await grant(ctx, acme.cookie, buyer.id, 7);
      await grant(ctx, acme.cookie, buyer.id, -2);
      // A marker after them: notifications arrive in commit order, so once it is heard every
      // notification of the grants (a duplicate included) has been heard too.
      await ctx.database.db.execute(sql`select pg_notify('credits_changed', ${END})`);
      expect(await untilTrue(() => heard.includes(END), 10_000)).toBe(true);
    } finally {
      await stop();
    }
    const balances = heard
      .filter((p) => p !== END)
      .map((p) => (JSON.parse(p) as { buyerId: string; balance: number }).balance);
    expect(balances).toEqual([5, 12, 10]);
  });
});
