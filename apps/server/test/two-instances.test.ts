import { randomUUID } from "node:crypto";
import type { TFormSubmissionResult } from "@leadpost/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { col, queryRows, rowOf } from "../src/db/raw";
import { buyerLeads, emailMessages, formSubmissions, leads, newLeadDigestItems } from "../src/db/schema";
import { EMAIL_DELIVERY_JOB } from "../src/jobs/register";
import { html } from "../src/lib/html";
import { sendNewLeadDigests } from "../src/modules/lead-distribution";
import { DIGEST_WINDOW_MS } from "../src/modules/lead-distribution/notices/digest";
import { startSmtpFake } from "./fakes/smtp-fake";
import { createUser, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS } from "./helpers/forms";
import { addBuyer } from "./helpers/routing";
import { buildServerIfStale, type TServerProcess } from "./helpers/server-process";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { createTestDatabase, TEST_DATABASE_URL, type TTestDatabase } from "./helpers/test-database";
import { startTwoInstances, type TTwoInstances } from "./helpers/two-instances";
import { untilTrue } from "./helpers/until";

// Two built server instances on one PostgreSQL behind a round-robin proxy, as production runs them
// (docs/operations.md "Several instances"). The embedded database belongs to one process, so there is
// nothing to run twice on it.
const title = TEST_DATABASE_URL
  ? "two server instances on one PostgreSQL behind a proxy"
  : "two server instances behind a proxy: SKIPPED, needs TEST_DATABASE_URL (the embedded database is single-process)";

describe.skipIf(!TEST_DATABASE_URL)(title, () => {
  let database: TTestDatabase;
  let ctx: TTestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
  let a: TServerProcess;
  let b: TServerProcess;
  let proxy: TTwoInstances["proxy"];
  let instances: TTwoInstances | undefined;
  let formId: string;
  let buyer: { id: string; email: string };
  let buyerCookie: string;

  beforeAll(async () => {
    const built = buildServerIfStale();
    database = await createTestDatabase();
    smtp = await startSmtpFake();
    ctx = await createTestContext({ SMTP_URL: smtp.url }, { database });
    const co = await createCompanyWithOwner(ctx, "owner@two-instances.test", "Two Instances Co");
    // One all-you-can-eat buyer 10 miles from the leads, with an account: every lead is delivered to it
    // (sale cap 1), each delivery is a live event and a new-lead notice.
    const userId = await createUser(ctx, "buyer@two-instances.test");
    const row = await addBuyer(ctx, co.companyId, {
      userId,
      email: "buyer@two-instances.test",
      allYouCanEatEnabled: true,
      costPerLead: 0,
    });
    buyer = { id: row.id, email: row.email };
    buyerCookie = await signInBuyer(ctx, buyer.email);
    formId = (await createPublishedForm(ctx, co.cookie)).id;
    await built;

    instances = await startTwoInstances(
      database.url!,
      {
        SMTP_URL: smtp.url,
        LOG_LEVEL: "info",
        // A claim of an instance that died is taken over after 3 s (2 minutes by default).
        ROUTING_LEASE_SECONDS: "3",
        FORM_SUBMISSIONS_PER_IP_PER_MINUTE: "100000",
        FORM_SUBMISSIONS_PER_FORM_PER_MINUTE: "100000",
      },
      { label: "two", built: true },
    );
    ({ a, b, proxy } = instances);
    for (const server of [a, b]) {
      expect(await untilTrue(() => server.output().includes('"msg":"job queue running"'), 60_000)).toBe(true);
    }
  }, 240_000);

  afterAll(async () => {
    await instances?.stop();
    await smtp?.close();
    await ctx?.close();
    await database?.dispose();
  });

  const db = () => database.db;

  let visitors = 0;
  /** A new visitor's submission (its own e-mail and phone: no duplicate); the lead id once acknowledged. */
  async function submitTo(baseUrl: string, key = randomUUID()): Promise<string | null> {
    visitors += 1;
    const formData = {
      ...QUOTE_ANSWERS,
      "f-email": `visitor+${key.slice(0, 8)}@example.com`,
      "f-phone": `720${String(1_000_000 + visitors).slice(-7)}`,
    };
    try {
      const res = await fetch(`${baseUrl}/api/public/forms/${formId}/submissions`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify({ formData, fillTimeMs: 8000 }),
      });
      if (res.status !== 201) return null;
      return ((await res.json()) as TFormSubmissionResult).leadId;
    } catch {
      return null; // cut off (the instance was killed): not acknowledged
    }
  }

  /** Polls until check() holds or the deadline passes; returns whether it held. */
  const until = (check: () => Promise<boolean>, timeoutMs: number) => untilTrue(check, timeoutMs);

  async function undecided(leadIds: readonly string[]) {
    const rows = await db()
      .select({ id: formSubmissions.id })
      .from(formSubmissions)
      .where(
        and(inArray(formSubmissions.leadId, [...leadIds]), eq(formSubmissions.routingStatus, "pending")),
      );
    return rows.length;
  }

  async function deliveriesPerLead(leadIds: readonly string[]) {
    const rows = await db()
      .select({ leadId: buyerLeads.leadId, n: sql<number>`count(*)::int` })
      .from(buyerLeads)
      .where(and(eq(buyerLeads.buyerId, buyer.id), inArray(buyerLeads.leadId, [...leadIds])))
      .groupBy(buyerLeads.leadId);
    const counts = new Map(rows.map((r) => [r.leadId, Number(r.n)]));
    return leadIds.map((id) => counts.get(id) ?? 0);
  }

  it("routes each lead submitted through the proxy once, and tells the buyer of each lead once", async () => {
    const total = 40;
    const leadIds: string[] = [];
    let next = 0;
    const lane = async () => {
      while (next++ < total) {
        const leadId = await submitTo(proxy.url);
        expect(leadId).toBeTruthy();
        leadIds.push(leadId!);
      }
    };
    await Promise.all(Array.from({ length: 4 }, lane));
    // Both instances took submissions.
    expect([a.url, b.url].map((u) => (proxy.served.get(u) ?? 0) >= total / 4)).toEqual([true, true]);

    expect(await until(async () => (await undecided(leadIds)) === 0, 20_000)).toBe(true);
    const subs = await db()
      .select({ status: formSubmissions.routingStatus, attempts: formSubmissions.routingAttempts })
      .from(formSubmissions)
      .where(inArray(formSubmissions.leadId, leadIds));
    // Each claimed once, by one of the two workers, and routed.
    expect(subs.map((s) => [s.status, s.attempts])).toEqual(leadIds.map(() => ["routed", 1]));
    expect(await deliveriesPerLead(leadIds)).toEqual(leadIds.map(() => 1));
    const states = await db().select({ status: leads.status }).from(leads).where(inArray(leads.id, leadIds));
    expect(states.map((s) => s.status)).toEqual(leadIds.map(() => "sold_out"));

    // The first lead's notice at once, the other 39 waiting once each for the buyer's digest (docs/routing.md
    // "New-lead notices"); each stored once and delivered once by whichever instance ran its jobs.
    const notices = () =>
      db()
        .select({
          status: emailMessages.status,
          attempts: emailMessages.attempts,
          subject: emailMessages.subject,
        })
        .from(emailMessages)
        .where(
          and(
            eq(emailMessages.toAddress, buyer.email),
            inArray(emailMessages.kind, ["new_lead", "new_lead_digest"]),
          ),
        );
    const delivered = () => smtp.delivered.filter((m) => m.to.includes(buyer.email)).length;
    const waiting = async () =>
      (await db().select().from(newLeadDigestItems).where(eq(newLeadDigestItems.buyerId, buyer.id))).length;
    expect(await until(async () => delivered() >= 1 && (await waiting()) === total - 1, 30_000)).toBe(true);
    // The window's end, as the digest job sees it five minutes on.
    expect(await sendNewLeadDigests(ctx.deps, new Date(Date.now() + DIGEST_WINDOW_MS))).toEqual({
      digests: 1,
    });
    // This process has no job queue, so the digest it stored waits for a sweep (each instance sweeps
    // once a minute): sweep now, as an instance would; the claim keeps it to one sending either way.
    await ctx.deps.email.deliverDue();
    expect(
      await until(
        async () => delivered() >= 2 && (await notices()).every((n) => n.status === "sent"),
        30_000,
      ),
    ).toBe(true);
    const stored = await notices();
    expect(stored.map((n) => [n.status, n.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
    expect(stored.map((n) => n.subject)).toContain(`${total - 1} new leads in your area`);
    expect(delivered()).toBe(2);
  }, 90_000);

  it("shows a buyer streaming from instance A, within 1 s, a lead accepted by instance B", async () => {
    const controller = new AbortController();
    const res = await fetch(`${a.url}/api/events`, {
      headers: { cookie: buyerCookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const seen: { event: string; data: string; at: number }[] = [];
    const reading = (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
          if (event) seen.push({ event, data, at: performance.now() });
          end = buffer.indexOf("\n\n");
        }
      }
    })();
    try {
      expect(await until(async () => seen.some((e) => e.event === "ready"), 10_000)).toBe(true);
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        // Measured from the moment the submission is sent to B: it covers B's accept, the routing (by
        // either instance's worker) and the NOTIFY reaching A's stream.
        const sentAt = performance.now();
        const leadId = await submitTo(b.url);
        expect(leadId).toBeTruthy();
        const heard = () => seen.find((e) => e.event === "buyer_lead_created" && e.data.includes(leadId!));
        expect(await until(async () => Boolean(heard()), 5_000)).toBe(true);
        latencies.push(Math.round(heard()!.at - sentAt));
      }
      console.log(
        `cross-instance event latency (lead sent to B until seen on A's stream): ${latencies.join(", ")} ms`,
      );
      for (const ms of latencies) expect(ms).toBeLessThan(1000);
    } finally {
      controller.abort();
      await reading;
    }
  }, 60_000);

  it("runs a job scheduled once exactly once, on one of the two instances", async () => {
    const subject = `Scheduled once ${randomUUID()}`;
    const message = await ctx.deps.email.send({
      to: "someone@two-instances.test",
      subject,
      html: html`<p>Once</p>`,
      kind: "test",
    });
    // Scheduled from outside the instances, as any code's queue.send(..., { startAfterSeconds }) does.
    const boss = new PgBoss({
      connectionString: database.url!,
      schema: "pgboss",
      supervise: false,
      schedule: false,
      migrate: false,
    });
    await boss.start();
    let jobId: string | null;
    try {
      jobId = await boss.send(EMAIL_DELIVERY_JOB, { messageId: message.id }, { startAfter: 2 });
    } finally {
      await boss.stop({ graceful: false });
    }
    expect(jobId).toBeTruthy();
    const jobs = () =>
      queryRows(
        db(),
        rowOf({ state: col.text, retry_count: col.number }),
        sql`select state, retry_count from pgboss.job where id = ${jobId}::uuid`,
      );
    expect(await until(async () => (await jobs()).every((j) => j.state === "completed"), 20_000)).toBe(true);
    expect(await jobs()).toEqual([{ state: "completed", retry_count: 0 }]);
    const [row] = await db().select().from(emailMessages).where(eq(emailMessages.id, message.id));
    expect([row?.status, row?.attempts]).toEqual(["sent", 1]);
    expect(smtp.delivered.filter((m) => m.subject === subject)).toHaveLength(1);
    // Cron schedules: at most one job per schedule and tick across both instances.
    const ticks = await queryRows(
      db(),
      rowOf({ name: col.text, n: col.number }),
      sql`
      select name, count(*)::int as n from pgboss.job
       where singleton_on is not null group by name, singleton_on having count(*) > 1`,
    );
    expect(ticks).toEqual([]);
  }, 60_000);

  it("holds a per-address limit across instances: the sign-in limit counts attempts made on either", async () => {
    const attempt = async () => {
      const before = new Map(proxy.served);
      const res = await fetch(`${proxy.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: proxy.url },
        body: JSON.stringify({ email: "nobody@two-instances.test", password: "Wrong!pass1" }),
      });
      const instance = [a.url, b.url].find((u) => (proxy.served.get(u) ?? 0) > (before.get(u) ?? 0));
      return { status: res.status, instance };
    };
    // Wrong passwords from one address, alternating between the instances, until one is refused for
    // the limit (SIGN_INS_PER_IP_PER_MINUTE, 20). Limits counted per instance would let 40 through.
    const refusedOnMerits: (string | undefined)[] = [];
    let limited: Awaited<ReturnType<typeof attempt>> | null = null;
    while (!limited && refusedOnMerits.length < 45) {
      const answer = await attempt();
      if (answer.status === 429) limited = answer;
      else {
        expect(answer.status).toBe(401);
        refusedOnMerits.push(answer.instance);
      }
    }
    expect(limited).not.toBeNull();
    expect(refusedOnMerits.length).toBeLessThanOrEqual(20);
    expect(refusedOnMerits.length).toBeGreaterThan(10);
    // Both instances took part in the count, and both now refuse the address.
    expect(new Set(refusedOnMerits)).toEqual(new Set([a.url, b.url]));
    const next = await attempt();
    expect(next.status).toBe(429);
    expect(next.instance).not.toBe(limited!.instance);
  }, 60_000);

  it("loses no acknowledged lead when an instance is killed mid-load: the other finishes the work", async () => {
    const total = 120;
    const killAfter = 40;
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    let afterKill = 0;
    const lane = async () => {
      while (next++ < total) {
        const leadId = await submitTo(proxy.url);
        if (leadId) acknowledged.push(leadId);
        if (leadId && killed) afterKill += 1;
        if (!killed && acknowledged.length >= killAfter) {
          killed = true;
          b.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, lane));
    expect(await b.exited).toBe("SIGKILL");
    // The proxy moved to A, which acknowledged the rest; submissions cut off inside B never were.
    expect(afterKill).toBeGreaterThan(total / 2);

    // B's claims come back once their lease (3 s) ends; A routes them.
    expect(await until(async () => (await undecided(acknowledged)) === 0, 30_000)).toBe(true);
    const subs = await db()
      .select({ status: formSubmissions.routingStatus })
      .from(formSubmissions)
      .where(inArray(formSubmissions.leadId, acknowledged));
    expect(subs.map((s) => s.status)).toEqual(acknowledged.map(() => "routed"));
    expect(await deliveriesPerLead(acknowledged)).toEqual(acknowledged.map(() => 1));
    expect(a.child.exitCode).toBeNull();
  }, 90_000);
});
