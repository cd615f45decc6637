import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuyer, createLead, createUser, giveLead, signInBuyer } from "./helpers/buyer-portal";
import { newKey } from "./helpers/credits";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// What one purchase request costs the database, counted on the embedded database where every statement
// passes through one client object (and, inside a transaction, the transaction's own); the same SQL runs
// on PostgreSQL, where BEGIN and the company wall's settings travel as one round trip (db/tenant-transaction.ts),
// so each count below is one round trip more than PostgreSQL's. bench/README.md "Purchases with credits"
// quotes these counts.
let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let buyerId: string;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-statements.test", "Acme Statements");
  const userId = await createUser(ctx, "buyer@statements.test");
  const buyer = await createBuyer(ctx, {
    companyId: acme.companyId,
    nicheId: acme.nicheId,
    userId,
    email: "buyer@statements.test",
    credits: 1000,
  });
  buyerId = buyer.id;
  cookie = await signInBuyer(ctx, "buyer@statements.test");
});
afterAll(() => ctx.close());

async function previewed(opts: { saleCap: number; saleCount?: number }) {
  const lead = await createLead(ctx, {
    companyId: acme.companyId,
    nicheId: acme.nicheId,
    name: "Lee",
    ...opts,
  });
  await giveLead(ctx, { companyId: acme.companyId, buyerId, leadId: lead.id, preview: true });
  return lead.id;
}

/** Runs the purchase and returns its status with every statement it sent. */
async function counted(leadId: string): Promise<{ status: number; statements: string[] }> {
  const client = ctx.database.embedded as PGlite;
  const statements: string[] = [];
  const record = (q: unknown) => statements.push(String(q).replace(/\s+/g, " ").trim().slice(0, 60));
  const original = { query: client.query, exec: client.exec, transaction: client.transaction };
  client.query = ((q: string, ...rest: unknown[]) => {
    record(q);
    return original.query.call(client, q, ...(rest as []));
  }) as PGlite["query"];
  client.exec = ((q: string, ...rest: unknown[]) => {
    record(q);
    return original.exec.call(client, q, ...(rest as []));
  }) as PGlite["exec"];
  client.transaction = ((fn: (tx: unknown) => Promise<unknown>) => {
    record("BEGIN");
    return original.transaction.call(client, (tx) => {
      const q = tx.query.bind(tx);
      const e = tx.exec.bind(tx);
      tx.query = ((text: string, ...rest: unknown[]) => {
        record(text);
        return q(text, ...(rest as []));
      }) as typeof tx.query;
      tx.exec = ((text: string, ...rest: unknown[]) => {
        record(text);
        return e(text, ...(rest as []));
      }) as typeof tx.exec;
      return fn(tx).finally(() => record("COMMIT or ROLLBACK"));
    });
  }) as PGlite["transaction"];
  try {
    const res = await ctx.request("/api/purchases", {
      method: "POST",
      cookie,
      json: { leadId, idempotencyKey: newKey("count") },
    });
    return { status: res.status, statements };
  } finally {
    Object.assign(client, original);
  }
}

/** On PostgreSQL: the purchase with every round trip its connections made (one per query sent). */
async function roundTrips(leadId: string): Promise<{ status: number; sent: string[] }> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text: string };
    sent.push((typeof q === "string" ? q : q.text).replace(/\s+/g, " ").trim().slice(0, 60));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    const res = await ctx.request("/api/purchases", {
      method: "POST",
      cookie,
      json: { leadId, idempotencyKey: newKey("trips") },
    });
    return { status: res.status, sent };
  } finally {
    pg.Client.prototype.query = original;
  }
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("round trips per purchase on PostgreSQL", () => {
  it("a losing attempt: the session with its buyer, BEGIN with the wall, the offer, ROLLBACK", async () => {
    const { status, sent } = await roundTrips(await previewed({ saleCap: 1, saleCount: 1 }));
    expect(status).toBe(409);
    expect(sent).toHaveLength(4);
    expect(sent[1]).toMatch(/^begin; select set_config\('leadpost.company_id'/);
  });

  it("a winning attempt: then savepoint, slot with its deliveries, wallet with its lots, spend cap, debit, release, COMMIT", async () => {
    const { status, sent } = await roundTrips(await previewed({ saleCap: 3 }));
    expect(status).toBe(200);
    // The deliveries to the buyer's endpoints (none here) are written by the slot's statement: nothing
    // is sent after COMMIT.
    expect(sent).toHaveLength(10);
    expect(sent[4]).toMatch(/^with slot as/);
    expect(sent[9]).toMatch(/^commit/i);
    expect(sent.filter((q) => /endpoint_deliveries/.test(q))).toEqual([]);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("statements per purchase request", () => {
  it("a losing attempt on a sold-out lead: the session with its buyer, the company wall and one read", async () => {
    const { status, statements } = await counted(await previewed({ saleCap: 1, saleCount: 1 }));
    expect(status).toBe(409);
    // session + user + buyer (one statement), BEGIN, wall, offer, ROLLBACK
    expect(statements).toHaveLength(5);
  });

  it("a winning attempt: the same, then the slot with its deliveries, the wallet, the spend cap, the ledger", async () => {
    const { status, statements } = await counted(await previewed({ saleCap: 3 }));
    expect(status).toBe(200);
    // session + user + buyer, BEGIN, wall, offer, savepoint, slot, wallet lock with its lots,
    // the daily spend counted within the cap, ledger entry + lot allocation + balance (one statement),
    // release, COMMIT; the deliveries to the buyer's endpoints are written by the slot's statement, so
    // nothing runs after COMMIT
    expect(statements).toHaveLength(11);
    expect(statements.filter((q) => /endpoint_deliveries/.test(q))).toEqual([]);
  });
});
