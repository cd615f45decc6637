import type { TFormSubmissionResult } from "@leadpost/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TDeps } from "../src/app-types";
import { openPostgres, type TDatabase } from "../src/db/client";
import { formSubmissions, leads } from "../src/db/schema";
import { startRoutingWorker, type TRoutingWorker } from "../src/modules/lead-distribution";
import { claimDueSubmissions, routeClaimed } from "../src/modules/lead-distribution/worker/routing-retry";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submit } from "./helpers/forms";
import { addBuyer } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { untilTrue } from "./helpers/until";

// Counts every call of the routing hook per lead: "routed exactly once" is measured, not inferred.
const calls = vi.hoisted(() => new Map<string, number>());
vi.mock("../src/modules/lead-distribution/decide/route-lead", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../src/modules/lead-distribution/decide/route-lead")>();
  return {
    ...actual,
    routeLead: async (...args: Parameters<typeof actual.routeLead>) => {
      calls.set(args[1], (calls.get(args[1]) ?? 0) + 1);
      return actual.routeLead(...args);
    },
  };
});

let ctx: TTestContext;
let co: Awaited<ReturnType<typeof createCompanyWithOwner>>;
/** A second server instance's view of the database: its own pool on PostgreSQL (PGlite has one). */
let second: { deps: TDeps; database: TDatabase | null };

beforeAll(async () => {
  ctx = await createTestContext({
    FORM_SUBMISSIONS_PER_FORM_PER_MINUTE: "100000",
    FORM_SUBMISSIONS_PER_IP_PER_MINUTE: "100000",
  });
  co = await createCompanyWithOwner(ctx, "owner@worker.test", "Worker Co");
  // Two buyers near the leads' zip, so routing writes previews for every lead.
  await addBuyer(ctx, co.companyId);
  await addBuyer(ctx, co.companyId);
  const url = ctx.database.kind === "postgres" ? ctx.database.url : undefined;
  const database = url ? openPostgres(url, 5) : null;
  second = { deps: { ...ctx.deps, database: database ?? ctx.database }, database };
}, 60_000);
afterAll(async () => {
  await second?.database?.close();
  await ctx.close();
});

const db = () => ctx.database.db;
const visitor = (i: number) => ({
  ...QUOTE_ANSWERS,
  "f-email": `visitor${i}-${Math.random().toString(36).slice(2, 8)}@example.com`,
  "f-phone": `720${String(1_000_000 + i).slice(-7)}`,
});

async function waitUntilDecided(formId: string, timeoutMs: number) {
  let waiting = 0;
  const decided = await untilTrue(async () => {
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.formId, formId), inArray(formSubmissions.routingStatus, ["pending"])));
    waiting = Number(row!.n);
    return waiting === 0;
  }, timeoutMs);
  if (!decided) throw new Error(`${waiting} submissions still waiting for routing`);
}

describe("the accept path under load", () => {
  it("answers 1,000 concurrent submissions to one form 2xx and stores each once; a key sent twice is one lead", async () => {
    const form = await createPublishedForm(ctx, co.cookie);
    const total = 1000;
    const responses = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        submit(ctx, form.id, visitor(i), { headers: { "idempotency-key": `load-${form.id}-${i}` } }),
      ),
    );
    expect(responses.filter((r) => r.status !== 201).map((r) => r.status)).toEqual([]);
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as TFormSubmissionResult[];
    expect(new Set(bodies.map((b) => b.leadId)).size).toBe(total);

    const stored = await db()
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.id));
    expect(stored).toHaveLength(total);
    const made = await db().select({ id: leads.id }).from(leads).where(eq(leads.formId, form.id));
    expect(new Set(made.map((l) => l.id))).toEqual(new Set(bodies.map((b) => b.leadId)));

    // The same key again, twice at once: the first answer replayed, nothing new stored.
    const retried = visitor(0);
    const again = await Promise.all(
      [0, 1].map(() => submit(ctx, form.id, retried, { headers: { "idempotency-key": `dup-${form.id}` } })),
    );
    expect(again.map((r) => r.status)).toEqual([201, 201]);
    const [a, b] = (await Promise.all(again.map((r) => r.json()))) as TFormSubmissionResult[];
    expect(a!.leadId).toBe(b!.leadId);
    expect(await db().select().from(leads).where(eq(leads.formId, form.id))).toHaveLength(total + 1);
    // Their routing is the next tests' subject, on forms of their own.
    await db()
      .update(formSubmissions)
      .set({ routingStatus: "skipped", routingNextAttemptAt: null })
      .where(eq(formSubmissions.formId, form.id));
  }, 180_000);
});

describe("statements on the request path", () => {
  // Counted on the embedded database, where every statement passes through one client object; the
  // statement is the same SQL on PostgreSQL.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "an accepted submission is one statement once its form is cached",
    async () => {
      const form = await createPublishedForm(ctx, co.cookie);
      expect((await submit(ctx, form.id, visitor(30_000))).status).toBe(201); // caches the form
      const client = ctx.database.embedded!;
      const spies = [vi.spyOn(client, "query"), vi.spyOn(client, "exec"), vi.spyOn(client, "transaction")];
      try {
        const res = await submit(ctx, form.id, visitor(30_001), {
          headers: { "idempotency-key": "one-trip" },
        });
        expect(res.status).toBe(201);
        expect(spies.map((s) => s.mock.calls.length)).toEqual([1, 0, 0]);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    },
  );
});

describe("two routing workers on one database", () => {
  it("route every lead exactly once", async () => {
    const form = await createPublishedForm(ctx, co.cookie);
    const workers: TRoutingWorker[] = [
      startRoutingWorker(ctx.deps, { batchSize: 10 }),
      startRoutingWorker(second.deps, { batchSize: 10 }),
    ];
    try {
      const total = 300;
      const responses = await Promise.all(
        Array.from({ length: total }, (_, i) => submit(ctx, form.id, visitor(10_000 + i))),
      );
      expect(responses.every((r) => r.status === 201)).toBe(true);
      const leadIds = ((await Promise.all(responses.map((r) => r.json()))) as TFormSubmissionResult[]).map(
        (b) => b.leadId,
      );
      await waitUntilDecided(form.id, 60_000);

      expect(leadIds.map((id) => calls.get(id) ?? 0)).toEqual(leadIds.map(() => 1));
      const subs = await db().select().from(formSubmissions).where(eq(formSubmissions.formId, form.id));
      expect(subs.map((s) => [s.routingStatus, s.routingAttempts])).toEqual(subs.map(() => ["routed", 1]));
      const states = await db().select({ status: leads.status }).from(leads).where(eq(leads.formId, form.id));
      expect(states.every((l) => l.status === "routed")).toBe(true);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  }, 120_000);

  it("a worker that claimed a batch and died leaves it to the other once the lease ends", async () => {
    const form = await createPublishedForm(ctx, co.cookie);
    // Long enough that it cannot end by itself while the test runs: the test ends it by hand below.
    const leaseMs = 10 * 60_000;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(ctx, form.id, visitor(20_000 + i))),
    );
    const leadIds = ((await Promise.all(responses.map((r) => r.json()))) as TFormSubmissionResult[]).map(
      (b) => b.leadId,
    );
    // The dead worker: its claim is made (attempt counted, lease set), then nothing more ever happens.
    const abandoned = await claimDueSubmissions(ctx.deps, 50, leaseMs);
    expect(abandoned.map((c) => c.leadId).sort()).toEqual([...leadIds].sort());
    const leasedFor = await db()
      .select({ ms: sql<number>`extract(epoch from ${formSubmissions.routingNextAttemptAt} - now()) * 1000` })
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, form.id));
    expect(leasedFor.every((r) => Number(r.ms) > leaseMs - 60_000 && Number(r.ms) <= leaseMs)).toBe(true);

    // The survivor's looks: the first is made after the claim, so it saw the leased batch.
    const looks: number[] = [];
    let looked!: () => void;
    const firstLook = new Promise<void>((resolve) => (looked = resolve));
    const survivor = startRoutingWorker(second.deps, {
      pollMs: 3_600_000,
      leaseMs,
      onLook: ({ claimed }) => {
        looks.push(claimed);
        looked();
      },
    });
    try {
      await firstLook;
      // Still leased to the dead worker: not taken.
      expect(looks[0]).toBe(0);
      expect(leadIds.map((id) => calls.get(id) ?? 0)).toEqual(leadIds.map(() => 0));
      // The lease ends (its time moved into the past, as the clock would), and the survivor looks again.
      await db()
        .update(formSubmissions)
        .set({ routingNextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(formSubmissions.formId, form.id));
      survivor.wake();
      await waitUntilDecided(form.id, 30_000);
    } finally {
      await survivor.stop();
    }
    expect(leadIds.map((id) => calls.get(id) ?? 0)).toEqual(leadIds.map(() => 1));
    const subs = await db().select().from(formSubmissions).where(eq(formSubmissions.formId, form.id));
    expect(subs.map((s) => [s.routingStatus, s.routingAttempts])).toEqual(subs.map(() => ["routed", 2]));
  }, 60_000);

  it("a worker told to stop starts no further lead and hands the rest of its batch back at once", async () => {
    const form = await createPublishedForm(ctx, co.cookie);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => submit(ctx, form.id, visitor(40_000 + i))),
    );
    const leadIds = ((await Promise.all(responses.map((r) => r.json()))) as TFormSubmissionResult[]).map(
      (b) => b.leadId,
    );
    const claimed = await claimDueSubmissions(ctx.deps, 50);
    expect(claimed).toHaveLength(12);
    const started = () => leadIds.filter((id) => (calls.get(id) ?? 0) > 0).length;
    // Stop once three leads have been started, one lane at a time.
    await routeClaimed(ctx.deps, claimed, 1, () => started() >= 3);
    expect(started()).toBe(3);

    const subs = await db().select().from(formSubmissions).where(eq(formSubmissions.formId, form.id));
    const routed = subs.filter((s) => s.routingStatus === "routed");
    const handedBack = subs.filter((s) => s.routingStatus === "pending");
    expect(routed).toHaveLength(3);
    expect(handedBack).toHaveLength(9);
    // Due now, the attempt not counted: the next claim (any instance) takes them without waiting.
    expect(handedBack.every((s) => s.routingAttempts === 0)).toBe(true);
    expect(handedBack.every((s) => s.routingNextAttemptAt!.getTime() <= Date.now() + 1000)).toBe(true);
    await routeClaimed(ctx.deps, await claimDueSubmissions(ctx.deps, 50));
    await waitUntilDecided(form.id, 30_000);
    expect(leadIds.map((id) => calls.get(id) ?? 0)).toEqual(leadIds.map(() => 1));
  }, 60_000);
});
