import type { TFormSubmissionResult } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TDeps } from "../src/app-types";
import { openPostgres, type TDatabase } from "../src/db/client";
import { closeListener } from "../src/db/listener";
import { formSubmissions } from "../src/db/schema";
import { startRoutingWorker } from "../src/modules/lead-distribution";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submit } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";
import { untilTrue } from "./helpers/until";

// This process's own wake-up is switched off: the submission stands for one another instance stored,
// so only the database's NOTIFY can wake the worker before its (one-minute) poll.
vi.mock("../src/modules/lead-distribution/worker/routing-worker", async (importOriginal) => {
  const actual =
    await importOriginal<typeof import("../src/modules/lead-distribution/worker/routing-worker")>();
  return { ...actual, wakeRoutingWorkers: () => {} };
});

let ctx: TTestContext;
/** The other instance: its own pool on PostgreSQL (PGlite is one process, so the same database). */
let other: { deps: TDeps; database: TDatabase | null };

beforeAll(async () => {
  ctx = await createTestContext();
  const url = ctx.database.kind === "postgres" ? ctx.database.url : undefined;
  const database = url ? openPostgres(url, 3) : null;
  other = { deps: { ...ctx.deps, database: database ?? ctx.database }, database };
}, 60_000);
afterAll(async () => {
  await closeListener(ctx.database);
  await other.database?.close();
  await ctx.close();
});

async function routingStatusOf(leadId: string) {
  const [row] = await ctx.database.db
    .select({ status: formSubmissions.routingStatus })
    .from(formSubmissions)
    .where(eq(formSubmissions.leadId, leadId));
  return row?.status;
}

describe("routing worker wake-ups", () => {
  it("a submission stored elsewhere wakes an idle worker through NOTIFY, long before its poll", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@wake.test", "Wake Co");
    const form = await createPublishedForm(ctx, co.cookie);
    let wentIdle!: () => void;
    const idle = new Promise<void>((resolve) => (wentIdle = resolve));
    // Its poll is an hour away: only a wake-up can route the lead within the test.
    const worker = startRoutingWorker(other.deps, {
      pollMs: 3_600_000,
      onLook: (look) => {
        if (look.idle) wentIdle();
      },
    });
    try {
      // The worker's first look (at start) found nothing and it went idle.
      await idle;
      const res = await submit(ctx, form.id, QUOTE_ANSWERS);
      expect(res.status).toBe(201);
      const { leadId } = (await res.json()) as TFormSubmissionResult;
      expect(await untilTrue(async () => (await routingStatusOf(leadId)) !== "pending", 10_000)).toBe(true);
    } finally {
      await worker.stop();
    }
  }, 30_000);
});
