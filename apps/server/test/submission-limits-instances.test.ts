import { randomUUID } from "node:crypto";
import type { TFormSubmissionResult } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formSubmissions, leads } from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS } from "./helpers/forms";
import type { TServerProcess } from "./helpers/server-process";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { createTestDatabase, TEST_DATABASE_URL, type TTestDatabase } from "./helpers/test-database";
import { startTwoInstances, type TTwoInstances } from "./helpers/two-instances";

// The public submission's limits are counted in each instance's memory first (intake/local-limit.ts);
// across instances an address gets at most (N + 1)/2 × its limit per minute (docs/operations.md). Two
// real server processes on one PostgreSQL behind a round-robin proxy, as production runs them.
const title = TEST_DATABASE_URL
  ? "public submissions across two server instances"
  : "public submissions across two server instances: SKIPPED, needs TEST_DATABASE_URL (the embedded database is single-process)";

const PER_ADDRESS = 8;

describe.skipIf(!TEST_DATABASE_URL)(title, () => {
  let database: TTestDatabase;
  let ctx: TTestContext;
  let a: TServerProcess;
  let b: TServerProcess;
  let proxy: TTwoInstances["proxy"];
  let instances: TTwoInstances | undefined;
  let formId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    ctx = await createTestContext({}, { database });
    const co = await createCompanyWithOwner(ctx, "owner@limits-instances.test", "Limits Co");
    formId = (await createPublishedForm(ctx, co.cookie)).id;
    instances = await startTwoInstances(
      database.url!,
      {
        FORM_SUBMISSIONS_PER_IP_PER_MINUTE: String(PER_ADDRESS),
        FORM_SUBMISSIONS_PER_FORM_PER_MINUTE: "100000",
      },
      { label: "limits" },
    );
    ({ a, b, proxy } = instances);
  }, 240_000);

  afterAll(async () => {
    await instances?.stop();
    await ctx?.close();
    await database?.dispose();
  });

  let visitors = 0;
  /** The body first sent with each key: a retry sends it again. */
  const bodies = new Map<string, string>();
  /** A submission to `baseUrl`, as the address `from` when given (the instances trust one proxy hop). */
  async function post(baseUrl: string, opts: { key?: string; email?: string; from?: string } = {}) {
    const key = opts.key ?? randomUUID();
    let body = bodies.get(key);
    if (!body) {
      visitors += 1;
      const formData = {
        ...QUOTE_ANSWERS,
        "f-email": opts.email ?? `visitor+${visitors}@example.com`,
        "f-phone": `720${String(1_000_000 + visitors).slice(-7)}`,
      };
      body = JSON.stringify({ formData, fillTimeMs: 8000 });
      bodies.set(key, body);
    }
    const res = await fetch(`${baseUrl}/api/public/forms/${formId}/submissions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": key,
        ...(opts.from ? { "x-forwarded-for": opts.from } : {}),
      },
      body,
    });
    // The answer as the visitor's page reads it (a replay's properties come back in the stored order).
    return { status: res.status, replayed: res.headers.get("idempotent-replayed"), body: await res.json() };
  }

  it("finds a repeat of the same person on the other instance, and answers a replay the same on both", async () => {
    const from = "198.51.100.7";
    const key = randomUUID();
    const first = await post(a.url, { key, email: "same.person@example.com", from });
    const again = await post(b.url, { email: "same.person@example.com", from });
    expect([first.status, again.status]).toEqual([201, 201]);
    const firstLead = (first.body as TFormSubmissionResult).leadId;
    const againLead = (again.body as TFormSubmissionResult).leadId;
    const [repeat] = await database.db.select().from(leads).where(eq(leads.id, againLead));
    expect(repeat).toMatchObject({ isDuplicate: true, duplicateOfLeadId: firstLead });

    const replays = [await post(b.url, { key, from }), await post(a.url, { key, from })];
    for (const replay of replays) {
      expect(replay).toEqual({ status: 201, replayed: "true", body: first.body });
    }
    expect(
      await database.db.select().from(formSubmissions).where(eq(formSubmissions.idempotencyKey, key)),
    ).toHaveLength(1);
  }, 60_000);

  it("keeps one address within 1.5 times its limit across both instances, and still replays past it", async () => {
    const key = randomUUID();
    const results = [await post(proxy.url, { key })];
    for (let i = 1; i < 30; i++) results.push(await post(proxy.url));
    // Both instances answered, in turn.
    expect([a.url, b.url].map((u) => (proxy.served.get(u) ?? 0) >= 15)).toEqual([true, true]);
    const accepted = results.filter((r) => r.status === 201).length;
    expect(accepted).toBeGreaterThanOrEqual(PER_ADDRESS);
    expect(accepted).toBeLessThanOrEqual(1.5 * PER_ADDRESS);
    expect(results.filter((r) => r.status === 429)).toHaveLength(30 - accepted);
    // What was accepted is what was stored (the address was the proxy's, 127.0.0.1).
    const stored = await database.db
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .where(eq(formSubmissions.ipAddress, "127.0.0.1"));
    expect(stored).toHaveLength(accepted);

    // Over its limit on both instances, the address's retry of an accepted submission is still its answer.
    const replays = [await post(proxy.url, { key }), await post(proxy.url, { key })];
    for (const replay of replays) {
      expect(replay).toEqual({ status: 201, replayed: "true", body: results[0]!.body });
    }
    expect((await post(proxy.url)).status).toBe(429);
  }, 60_000);
});
