import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages } from "../src/db/schema";
import { startJobQueue, type TJobQueue } from "../src/jobs/queue";
import { registerJobs } from "../src/jobs/register";
import { html } from "../src/lib/html";
import { createLogger } from "../src/lib/logger";
import { NEW_LEAD_NOTICES_JOB, routeLead } from "../src/modules/lead-distribution";
import { startSmtpFake } from "./fakes/smtp-fake";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { addBuyer, addLead } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { createTestDatabase, TEST_DATABASE_URL } from "./helpers/test-database";
import { untilTrue as until } from "./helpers/until";

// One app, mail server and queue for the file (each costs seconds to start); the scheduled-jobs test
// has its own database, since its test clock takes over that database's job_now().
let ctx: TTestContext;
let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
let queue: TJobQueue;
beforeAll(async () => {
  smtp = await startSmtpFake();
  ctx = await createTestContext({ SMTP_URL: smtp.url, TRUST_PROXY: "true" });
  await createCompanyWithOwner(ctx, "owner@acme.test", "Acme Leads");
  queue = await startJobQueue(ctx.database, ctx.deps.logger);
  await registerJobs(queue, ctx.deps);
}, 120_000);
afterAll(async () => {
  await queue?.stop(2000);
  await ctx?.close();
  await smtp?.close();
});

describe("mail is sent by the worker, never inside the request", () => {
  let ip = 0;
  const post = (path: string, json: unknown) =>
    ctx.request(path, { method: "POST", json, headers: { "x-forwarded-for": `198.51.100.${++ip}` } });
  /**
   * The request's answer while the mail server holds every message: a request that waited for the
   * mail server would never answer. The timer is a safety net turning that hang into a quick failure.
   */
  const answerWhileHeld = async (path: string, json: unknown) => {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${path} is waiting for the held mail server`)), 20_000);
    });
    try {
      const res = await Promise.race([post(path, json), hung]);
      return { status: res.status, body: await res.text() };
    } finally {
      clearTimeout(timer);
    }
  };

  it("registration and forgot-password answer while the mail server holds their messages, alike for known and unknown", async () => {
    smtp.hold();
    try {
      const reg = await answerWhileHeld("/api/accounts/company", {
        companyName: "Northwind Roofing",
        contactName: "Nora West",
        phone: "(303) 555-0199",
        email: "nora@northwind.test",
        password: "Roof!ng2026",
        confirmPassword: "Roof!ng2026",
      });
      expect(reg.status).toBe(201);
      const reset = (email: string) => ({ email, redirectTo: "/auth/reset-password" });
      const known = await answerWhileHeld("/api/auth/request-password-reset", reset("owner@acme.test"));
      const unknown = await answerWhileHeld("/api/auth/request-password-reset", reset("ghost@acme.test"));
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toBe(known.body);
      // The worker has handed both messages to the mail server, which has not accepted them: the
      // answers above came first.
      expect(
        await until(() => smtp.holds("nora@northwind.test") && smtp.holds("owner@acme.test"), 30_000),
      ).toBe(true);
      expect(smtp.delivered.filter((m) => m.to.includes("nora@northwind.test"))).toHaveLength(0);
    } finally {
      smtp.release();
    }

    // Released, the worker's sends complete: each message delivered once, on its first attempt.
    const held = ["nora@northwind.test", "owner@acme.test"];
    const heldRows = () =>
      ctx.database.db
        .select()
        .from(emailMessages)
        .where(
          or(
            eq(emailMessages.toAddress, held[0]!),
            and(eq(emailMessages.toAddress, held[1]!), eq(emailMessages.kind, "password_reset")),
          ),
        );
    // The mail server has a message a moment before the worker records it as sent.
    expect(await until(async () => (await heldRows()).every((r) => r.status === "sent"), 30_000)).toBe(true);
    const rows = await heldRows();
    expect(rows.map((r) => r.kind).sort()).toEqual(["email_verification", "password_reset"]);
    for (const row of rows) expect(row).toMatchObject({ status: "sent", transport: "smtp", attempts: 1 });
    expect(smtp.delivered.filter((m) => m.to.includes(held[0]!))).toHaveLength(1);
    expect(
      smtp.delivered.filter((m) => m.to.includes(held[1]!) && m.subject === "Reset your password"),
    ).toHaveLength(1);
  }, 90_000);
});

describe("messages stored together", () => {
  it("are queued with one job each (one insert) and delivered once by the worker", async () => {
    const to = ["batch1@buyers.test", "batch2@buyers.test", "batch3@buyers.test"];
    const ids = await ctx.deps.email.sendMany(
      to.map((address) => ({
        to: address,
        subject: "New lead",
        html: html`<p>New lead</p>`,
        kind: "new_lead",
      })),
    );
    expect(ids).toHaveLength(3);
    const jobs = await ctx.database.db.execute(
      sql`select data->>'messageId' as id from pgboss.job where name = 'email-deliver'
           and data->>'messageId' = any(${`{${ids.join(",")}}`}::text[])`,
    );
    expect((jobs as { rows: { id: string }[] }).rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    const delivered = await until(
      () => to.every((a) => smtp.delivered.some((m) => m.to.includes(a))),
      30_000,
    );
    expect(delivered).toBe(true);
    const rows = await ctx.database.db.select().from(emailMessages).where(inArray(emailMessages.id, ids));
    for (const row of rows) expect(row).toMatchObject({ status: "sent", attempts: 1 });
    for (const address of to) expect(smtp.delivered.filter((m) => m.to.includes(address))).toHaveLength(1);
  }, 60_000);
});

describe("scheduled jobs", () => {
  it(TEST_DATABASE_URL
    ? "run once per tick with two instances on one PostgreSQL"
    : "run once per tick on the embedded database", async () => {
    const database = await createTestDatabase();
    const logger = createLogger("silent");
    const instances = TEST_DATABASE_URL ? 2 : 1;
    // pg-boss's own test clock, shared by the instances: its cron pass, its polls and the database's
    // job_now() all read it, so minutes pass when the test says, not on the wall clock. It starts 5 s
    // into a minute, so the first pass (within 30 s) falls in that minute.
    const clock = new TestClock(Math.ceil(Date.now() / 60_000) * 60_000 + 5000);
    const queues: TJobQueue[] = [];
    const runs: number[] = [];
    // Moves the clock forward in steps of a second (each step lets every poll the clock fired finish).
    const advance = async (ms: number) => {
      for (let moved = 0; moved < ms; moved += 1000) await clock.tick(1000);
    };
    // Past the next minute boundary, and past a cron pass (every 30 s) and a few polls after it.
    const toNextMinute = () => advance(60_000 - (clock.now() % 60_000) + 40_000);
    // Handlers run after the polls that fetched them: waited for in real time, bounded.
    const runsSettleAt = async (expected: number) => {
      expect(await until(() => runs.length >= expected, 10_000)).toBe(true);
      await advance(5000);
      expect(runs).toHaveLength(expected);
    };
    try {
      for (let i = 0; i < instances; i++) {
        const queue = await startJobQueue(database, logger, { clock });
        queues.push(queue);
        await queue.schedule("test-tick", "* * * * *", async () => {
          runs.push(i);
        });
      }
      // The first pass sends the current minute's occurrence (pg-boss catches up one of the last
      // 60 s), once across the instances.
      await advance(40_000);
      await runsSettleAt(1);
      // Then one per minute boundary, whichever instance takes it.
      await toNextMinute();
      await runsSettleAt(2);
      await toNextMinute();
      await runsSettleAt(3);
    } finally {
      for (const queue of queues) await queue.stop(1000);
      await database.dispose();
    }
  }, 120_000);
});

describe("a routed lead's new-lead notices", () => {
  it("are stored by one queued job per lead, and a job run again stores nothing twice", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@notice-queue.test", "Notice Queue Co");
    const reached = [
      await addBuyer(ctx, co.companyId, { prepaidLeadsTotal: 3, prepaidLeadsRemaining: 3 }),
      await addBuyer(ctx, co.companyId),
      await addBuyer(ctx, co.companyId),
    ];
    const lead = await addLead(ctx, co.companyId, { saleCap: 1 });
    await routeLead(ctx.deps, lead.id);

    const jobsFor = async (state?: string) =>
      (
        (await ctx.database.db.execute(
          sql`select state from pgboss.job where name = ${NEW_LEAD_NOTICES_JOB} and data->>'leadId' = ${lead.id}
                and (${state ?? null}::text is null or state::text = ${state ?? null})`,
        )) as { rows: unknown[] }
      ).rows.length;
    expect(await jobsFor()).toBe(1);
    // Queued by the routing's own transaction: the job's creation time is that transaction's now().
    const [same] = (
      (await ctx.database.db.execute(
        sql`select j.created_on = d.decided_at as same from pgboss.job j, lead_routing_decisions d
             where j.name = ${NEW_LEAD_NOTICES_JOB} and j.data->>'leadId' = ${lead.id} and d.lead_id = ${lead.id}`,
      )) as { rows: { same: boolean }[] }
    ).rows;
    expect(same?.same).toBe(true);
    const notices = () =>
      ctx.database.db
        .select({ to: emailMessages.toAddress })
        .from(emailMessages)
        .where(and(eq(emailMessages.kind, "new_lead"), like(emailMessages.html, `%lead=${lead.id}%`)));
    expect(await until(async () => (await notices()).length === 3, 30_000)).toBe(true);
    expect((await notices()).map((n) => n.to).sort()).toEqual(reached.map((b) => b.email).sort());

    // The same job again (a retry, or another instance's copy): nothing more is stored.
    await queue.send(NEW_LEAD_NOTICES_JOB, { leadId: lead.id });
    expect(await until(async () => (await jobsFor("completed")) === 2, 30_000)).toBe(true);
    expect(await notices()).toHaveLength(3);
  }, 90_000);
});
