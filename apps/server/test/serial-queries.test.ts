import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serialiseQueries } from "../src/db/serial-queries";
import { runAsCompany } from "../src/db/tenant-scope";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// db/serial-queries.ts: one connection never holds two of our queries at once (node-postgres warns on
// it today and pg@9 refuses it), however many a service sends at once.

/** A connection whose query records how many were in flight when each one was sent. */
function recordingClient() {
  let inFlight = 0;
  const seen: number[] = [];
  const client = {
    query: (..._args: unknown[]) => {
      seen.push(inFlight);
      inFlight += 1;
      return new Promise((resolve) =>
        setImmediate(() => {
          inFlight -= 1;
          resolve({ rows: [] });
        }),
      );
    },
  };
  return { client, seen };
}

describe("serialiseQueries", () => {
  it("sends each query once the one before it has settled, and answers each its own result", async () => {
    const { client, seen } = recordingClient();
    serialiseQueries(client as never);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => client.query(`select ${n}`)));
    expect(seen).toEqual([0, 0, 0, 0]);
    expect(answers).toHaveLength(4);
  });

  it("goes on after a query that failed", async () => {
    let calls = 0;
    const client = {
      query: (..._args: unknown[]) => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error("syntax error")) : Promise.resolve({ rows: [1] });
      },
    };
    serialiseQueries(client as never);
    const [first, second] = await Promise.allSettled([client.query("bad"), client.query("good")]);
    expect(first.status).toBe("rejected");
    expect(second).toEqual({ status: "fulfilled", value: { rows: [1] } });
  });

  it("leaves a query with a callback on the driver's own path", () => {
    const { client, seen } = recordingClient();
    serialiseQueries(client as never);
    void client.query("select 1");
    void client.query("select 2", () => undefined);
    expect(seen).toEqual([0, 1]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("a company request's reads sent at once still each answer, in the order sent, on its one connection", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@serial.test", "Serial Co");
    const rows = await runAsCompany(ctx.database.db, co.companyId, () =>
      Promise.all(
        [0.05, 0.01, 0.03].map(async (seconds) => {
          const r = (await ctx.database.db.execute(
            sql`select pg_sleep(${seconds}), clock_timestamp() as at, pg_backend_pid() as pid`,
          )) as unknown as { rows: { at: Date | string; pid: number }[] };
          return r.rows[0]!;
        }),
      ),
    );
    // One connection (one backend), and the answers in the order sent.
    expect(new Set(rows.map((r) => r.pid)).size).toBe(1);
    const times = rows.map((r) => new Date(r.at).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});
