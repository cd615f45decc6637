import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterCommit } from "../src/db/after-commit";
import { emailMessages, users } from "../src/db/schema";
import { runAsCompany } from "../src/db/tenant-scope";
import { startJobQueue, type TJobQueue } from "../src/jobs/queue";
import { registerJobs } from "../src/jobs/register";
import { html } from "../src/lib/html";
import { setTierByHand } from "../src/modules/subscriptions";
import { startSmtpFake } from "./fakes/smtp-fake";
import { createBareUser, createCompanyWithOwner, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { createTestContext, signIn, type TTestContext } from "./helpers/test-app";
import { TEST_DATABASE_URL } from "./helpers/test-database";
import { untilTrue } from "./helpers/until";

// Mail and jobs leave a request only after its transaction commits (db/after-commit.ts). On the
// embedded database (one connection) a job queued inside the request's transaction waits for that
// transaction forever and every other request with it: each route that sends mail is walked here with
// the job queue running, and must answer quickly while /api/health stays quick, and its mail arrive.

const REQUEST_LIMIT_MS = 5_000;
const HEALTH_LIMIT_MS = 1_000;

describe(`routes that send mail, with the job queue running (${TEST_DATABASE_URL ? "PostgreSQL" : "embedded"})`, () => {
  let ctx: TTestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
  let queue: TJobQueue;
  let owner: Awaited<ReturnType<typeof createCompanyWithOwner>>;
  let adminCookie: string;
  let ip = 0;

  beforeAll(async () => {
    smtp = await startSmtpFake();
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      TRUST_PROXY: "true",
      PLATFORM_ADMIN_EMAILS: "admin@platform.test",
    });
    owner = await createCompanyWithOwner(ctx, "owner@walk.test", "Walk Roofing");
    // Seats for both the team invitation and the user a platform admin makes below.
    await setTierByHand(ctx.database.db, owner.companyId, "pro");
    await createBareUser(ctx, "admin@platform.test", FIXTURE_PASSWORD);
    await ctx.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, "admin@platform.test"));
    adminCookie = await signIn(ctx, "admin@platform.test", FIXTURE_PASSWORD);
    queue = await startJobQueue(ctx.database, ctx.deps.logger);
    await registerJobs(queue, ctx.deps);
  }, 120_000);
  afterAll(async () => {
    await queue?.stop(2000);
    await ctx?.close();
    await smtp?.close();
  });

  /**
   * Calls the route while /api/health is asked every 100 ms; answers the route's status and time and
   * the slowest health answer. A route that froze the server fails by the limit instead of hanging.
   */
  async function walk(path: string, init: { json?: unknown; cookie?: string }) {
    const started = performance.now();
    let done = false;
    const call = ctx
      .request(path, {
        method: "POST",
        ...init,
        headers: { "x-forwarded-for": `203.0.113.${++ip}` },
      })
      .then(async (res) => ({ status: res.status, body: await res.text() }))
      .finally(() => {
        done = true;
      });
    let slowestHealth = 0;
    const health = (async () => {
      while (!done && performance.now() - started < REQUEST_LIMIT_MS) {
        const t = performance.now();
        const answered = await Promise.race([
          ctx.request("/api/health").then((r) => r.status),
          new Promise<number>((r) => setTimeout(() => r(0), HEALTH_LIMIT_MS * 2)),
        ]);
        slowestHealth = Math.max(slowestHealth, answered === 200 ? performance.now() - t : Infinity);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const answer = await Promise.race([
      call,
      new Promise<null>((r) => setTimeout(() => r(null), REQUEST_LIMIT_MS)),
    ]);
    await health;
    return { answer, ms: performance.now() - started, slowestHealth };
  }

  const deliveredTo = (to: string) => () => smtp.delivered.some((m) => m.to.includes(to));

  const routes: { name: string; path: string; to: string; json: () => unknown; cookie?: () => string }[] = [
    {
      name: "company registration (verification e-mail)",
      path: "/api/accounts/company",
      to: "new-owner@walk.test",
      json: () => ({
        companyName: "New Walk Co",
        contactName: "Nora New",
        phone: "3035550111",
        email: "new-owner@walk.test",
        password: "Walk!ing2026",
        confirmPassword: "Walk!ing2026",
      }),
    },
    {
      name: "forgot password",
      path: "/api/auth/request-password-reset",
      to: "owner@walk.test",
      json: () => ({ email: "owner@walk.test", redirectTo: "/auth/reset-password" }),
    },
    {
      name: "one-time code",
      path: "/api/auth/email-otp/send-verification-otp",
      to: "owner@walk.test",
      json: () => ({ email: "owner@walk.test", type: "sign-in" }),
    },
    {
      name: "verification e-mail again",
      path: "/api/auth/send-verification-email",
      to: "new-owner@walk.test",
      json: () => ({ email: "new-owner@walk.test", callbackURL: "/auth/callback" }),
    },
    {
      name: "buyer application (mail to the company admin)",
      path: "/api/buyer-applications",
      to: "owner@walk.test",
      json: () => ({
        companyId: owner.companyId,
        contactName: "Applicant Ann",
        email: "ann@applicant.test",
        phoneNumber: "3035550122",
        zipCode: "80202",
        serviceRadius: 25,
        nicheId: owner.nicheId,
      }),
    },
    {
      name: "Send Test Email (Settings → Email)",
      path: "/api/settings/email/test",
      to: "test-to@walk.test",
      json: () => ({ to: "test-to@walk.test" }),
      cookie: () => owner.cookie,
    },
    {
      name: "team invitation",
      path: "/api/settings/team/invitations",
      to: "teammate@walk.test",
      json: () => ({ email: "teammate@walk.test", role: "member" }),
      cookie: () => owner.cookie,
    },
    {
      name: "buyer invitation",
      path: "/api/buyers/invite",
      to: "buyer@walk.test",
      json: () => ({ email: "buyer@walk.test", nicheId: owner.nicheId }),
      cookie: () => owner.cookie,
    },
    {
      name: "platform admin: support e-mail",
      path: "/api/platform-admin/support-email",
      to: "someone@walk.test",
      json: () => ({ to: "someone@walk.test", subject: "Hello", message: "A word from support." }),
      cookie: () => adminCookie,
    },
    {
      name: "platform admin: new user with a create-password link",
      path: "/api/platform-admin/users",
      to: "made@walk.test",
      json: () => ({
        email: "made@walk.test",
        fullName: "Made User",
        companyId: owner.companyId,
        role: "user",
      }),
      cookie: () => adminCookie,
    },
  ];

  for (const route of routes) {
    it(`${route.name}: answers within 5 s, /api/health under 1 s meanwhile, the mail arrives`, async () => {
      const { answer, ms, slowestHealth } = await walk(route.path, {
        json: route.json(),
        cookie: route.cookie?.(),
      });
      expect(answer, `${route.path} did not answer within ${REQUEST_LIMIT_MS} ms`).not.toBeNull();
      expect(answer!.status, answer!.body).toBeLessThan(300);
      expect(ms).toBeLessThan(REQUEST_LIMIT_MS);
      expect(slowestHealth).toBeLessThan(HEALTH_LIMIT_MS);
      expect(await untilTrue(deliveredTo(route.to), 15_000)).toBe(true);
    }, 30_000);
  }

  it("Send Test Email answers with the delivery's outcome", async () => {
    const { answer } = await walk("/api/settings/email/test", {
      json: { to: "outcome@walk.test" },
      cookie: owner.cookie,
    });
    expect(JSON.parse(answer!.body)).toEqual({ sent: true, message: "Test email sent to outcome@walk.test" });
    expect(smtp.delivered.filter((m) => m.to.includes("outcome@walk.test"))).toHaveLength(1);
  }, 30_000);

  it("Resend of a failed message (the e-mail log): answers within 5 s and the message is delivered", async () => {
    const [failed] = await ctx.database.db
      .insert(emailMessages)
      .values({
        companyId: owner.companyId,
        toAddress: "resend@walk.test",
        fromAddress: "Leadpost <no-reply@leadpost.test>",
        subject: "Resend me",
        html: "<p>Again</p>",
        kind: "settings_test",
        transport: "smtp",
        status: "failed",
        attempts: 5,
        lastError: "mail server down",
      })
      .returning();
    const { answer, ms, slowestHealth } = await walk(`/api/email/messages/${failed!.id}/resend`, {
      cookie: owner.cookie,
    });
    expect(answer, "resend did not answer within 5 s").not.toBeNull();
    expect(answer!.status, answer!.body).toBe(200);
    expect(ms).toBeLessThan(REQUEST_LIMIT_MS);
    expect(slowestHealth).toBeLessThan(HEALTH_LIMIT_MS);
    expect(await untilTrue(deliveredTo("resend@walk.test"), 15_000)).toBe(true);
  }, 30_000);
});

describe("the wrong way cannot be written", () => {
  let ctx: TTestContext;
  let companyId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ companyId } = await createCompanyWithOwner(ctx, "owner@guard.test", "Guard Co"));
  });
  afterAll(() => ctx?.close());

  const GUARD = /inside an open database transaction: run it through afterCommit/;

  it("queuing a job or delivering mail inside a company request's transaction throws", async () => {
    const queued = await ctx.deps.email.send({
      to: "x@guard.test",
      subject: "s",
      html: html`<p>h</p>`,
      kind: "t",
    });
    await expect(
      runAsCompany(ctx.database.db, companyId, () => ctx.deps.jobs.send("some-job", {})),
    ).rejects.toThrow(GUARD);
    await expect(
      runAsCompany(ctx.database.db, companyId, () => ctx.deps.email.deliver(queued.id)),
    ).rejects.toThrow(GUARD);
  });

  it("and inside any transaction", async () => {
    await expect(ctx.database.db.transaction(() => ctx.deps.jobs.send("some-job", {}))).rejects.toThrow(
      GUARD,
    );
  });

  it("afterCommit runs after the commit, and never after a rollback", async () => {
    const ran: string[] = [];
    await runAsCompany(ctx.database.db, companyId, async () => {
      await afterCommit(async () => {
        ran.push("committed");
      });
      ran.push("inside");
    });
    await ctx.database.db
      .transaction(async (tx) => {
        await afterCommit(async () => {
          ran.push("rolled back");
        });
        tx.rollback();
      })
      .catch(() => {});
    expect(ran).toEqual(["inside", "committed"]);
  });
});
