import type { TFormSubmissionResult } from "@leadpost/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBackgroundDatabase, type TDatabase } from "../src/db/client";
import { emailMessages, formSubmissions, leads } from "../src/db/schema";
import { startJobQueue, type TJobQueue } from "../src/jobs/queue";
import { registerJobs } from "../src/jobs/register";
import { html } from "../src/lib/html";
import { startRoutingWorker } from "../src/modules/lead-distribution";
import { backgroundDeps } from "../src/wire";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submit } from "./helpers/forms";
import { addBuyer } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { untilTrue as until } from "./helpers/until";

let ctx: TTestContext;
let co: Awaited<ReturnType<typeof createCompanyWithOwner>>;

beforeAll(async () => {
  ctx = await createTestContext({
    FORM_SUBMISSIONS_PER_FORM_PER_MINUTE: "100000",
    FORM_SUBMISSIONS_PER_IP_PER_MINUTE: "100000",
  });
  co = await createCompanyWithOwner(ctx, "owner@background.test", "Background Co");
  await addBuyer(ctx, co.companyId);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const visitor = (i: number) => ({
  ...QUOTE_ANSWERS,
  "f-email": `bg${i}-${Math.random().toString(36).slice(2, 8)}@example.com`,
  "f-phone": `303${String(2_000_000 + i).slice(-7)}`,
});

/** Takes every connection of a background pool of one, until the returned function is called. */
async function holdOnlyConnection(database: TDatabase): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding!: () => void;
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const done = database.withExclusiveLock("test: hold the background pool", async () => {
    holding();
    await released;
  });
  await held;
  return async () => {
    release();
    await done;
  };
}

describe("the background pool", () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "is the embedded database itself on PGlite (one connection, nothing to split)",
    () => {
      expect(openBackgroundDatabase(ctx.database, 4)).toBe(ctx.database);
      expect(backgroundDeps(ctx.deps, ctx.database)).toBe(ctx.deps);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is a pool of its own on PostgreSQL, named in pg_stat_activity",
    async () => {
      const background = openBackgroundDatabase(ctx.database, 2);
      try {
        expect(background).not.toBe(ctx.database);
        const rows = (await background.db.execute(
          sql`select current_setting('application_name') as name`,
        )) as unknown as { rows: { name: string }[] };
        expect(rows.rows[0]!.name).toBe("leadpost-background");
      } finally {
        await background.close();
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "routing waits for its own pool while the accept path answers: a saturated background pool holds no request",
    async () => {
      const background = openBackgroundDatabase(ctx.database, 1);
      const worker = startRoutingWorker(backgroundDeps(ctx.deps, background), { pollMs: 50 });
      let release: (() => Promise<void>) | null = await holdOnlyConnection(background);
      try {
        const form = await createPublishedForm(ctx, co.cookie);
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            submit(ctx, form.id, visitor(i), { headers: { "idempotency-key": `bg-${form.id}-${i}` } }),
          ),
        );
        expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
        const bodies = (await Promise.all(answers.map((r) => r.json()))) as TFormSubmissionResult[];
        // The worker waits for its pool's only connection (taken), and has no other: nothing was routed.
        expect(await until(() => background.waitingForConnection() > 0, 20_000)).toBe(true);
        const pending = await ctx.database.db
          .select({ id: formSubmissions.id })
          .from(formSubmissions)
          .where(and(eq(formSubmissions.formId, form.id), eq(formSubmissions.routingStatus, "pending")));
        expect(pending).toHaveLength(20);

        await release();
        release = null;
        const routed = await until(async () => {
          const rows = await ctx.database.db
            .select({ status: leads.status })
            .from(leads)
            .where(eq(leads.formId, form.id));
          return rows.length === 20 && rows.every((r) => r.status !== "new");
        }, 20_000);
        expect(routed).toBe(true);
        expect(new Set(bodies.map((b) => b.leadId)).size).toBe(20);
      } finally {
        await release?.();
        await worker.stop();
        await background.close();
      }
    },
    60_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "jobs run on the background pool: a request stores its e-mail while delivery waits for that pool",
    async () => {
      const background = openBackgroundDatabase(ctx.database, 1);
      let queue: TJobQueue | null = null;
      let release: (() => Promise<void>) | null = null;
      try {
        queue = await startJobQueue(ctx.database, ctx.deps.logger);
        await registerJobs(queue, ctx.deps, backgroundDeps(ctx.deps, background));
        release = await holdOnlyConnection(background);
        // Sent the way a request sends mail: stored on the requests' pool, delivery queued.
        const stored = await ctx.deps.email.send({
          to: "someone@example.com",
          subject: "Background pool",
          html: html`<p>hello</p>`,
          kind: "test",
        });
        const status = async () =>
          (
            await ctx.database.db
              .select({ status: emailMessages.status })
              .from(emailMessages)
              .where(eq(emailMessages.id, stored.id))
          )[0]?.status;
        expect(await status()).toBe("queued");
        // The delivery job has been fetched (active) and waits for the background pool's only
        // connection (taken): it cannot claim the message.
        const deliveryActive = async () => {
          const rows = (await ctx.database.db.execute(
            sql`select state from pgboss.job where name = 'email-deliver' and data->>'messageId' = ${stored.id}`,
          )) as unknown as { rows: { state: string }[] };
          return rows.rows[0]?.state === "active";
        };
        expect(
          await until(async () => (await deliveryActive()) && background.waitingForConnection() > 0, 20_000),
        ).toBe(true);
        expect(await status()).toBe("queued");
        await release();
        release = null;
        expect(await until(async () => (await status()) === "sent", 20_000)).toBe(true);
      } finally {
        await release?.();
        await queue?.stop(2000);
        await background.close();
      }
    },
    60_000,
  );
});
