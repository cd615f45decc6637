import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  buyerNoticeWindows,
  buyers,
  emailMessages,
  leadRoutingDecisions,
  leads,
  newLeadDigestItems,
  newLeadNotices,
} from "../src/db/schema";
import { lookupZip } from "../src/integrations/geocoding/zip-centroids";
import { NEW_LEAD_NOTICES_JOB, routeLead, sendNewLeadDigests } from "../src/modules/lead-distribution";
import { DIGEST_WINDOW_MS } from "../src/modules/lead-distribution/notices/digest";
import { routeClaimed } from "../src/modules/lead-distribution/worker/routing-retry";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { addBuyer, addLead, ZIP_10_MILES } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const mailTo = (to: string) =>
  ctx.database.db
    .select({ kind: emailMessages.kind, subject: emailMessages.subject, html: emailMessages.html })
    .from(emailMessages)
    .where(and(eq(emailMessages.toAddress, to), inArray(emailMessages.kind, ["new_lead", "new_lead_digest"])))
    .orderBy(asc(emailMessages.createdAt));

const waitingFor = async (buyerId: string) =>
  (await ctx.database.db.select().from(newLeadDigestItems).where(eq(newLeadDigestItems.buyerId, buyerId)))
    .length;

describe("a buyer receiving many leads within minutes", () => {
  it("gets the first at once and the other 29 of a minute in one digest: at most one e-mail per lead", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@digest.test", "Digest Co");
    const buyer = await addBuyer(ctx, co.companyId);
    // The digest job is given its clock (`at`): the leads arrive now, within seconds, and the job runs
    // as it would minutes later. (A faked Date would also freeze the embedded database's own clock.)
    const t0 = Date.now();
    const at = (ms: number) => new Date(t0 + ms);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const lead = await addLead(ctx, co.companyId, { city: "Denver", state: "CO", serviceType: "Roofing" });
      ids.push(lead.id);
      // No job queue here: each routing sends its notices right after its commit.
      expect((await routeLead(ctx.deps, lead.id)).outcome).toBe("routed");
    }
    let mail = await mailTo(buyer.email);
    expect(mail.map((m) => m.kind)).toEqual(["new_lead"]);
    expect(mail[0]!.html).toContain(`lead=${ids[0]}`);
    expect(await waitingFor(buyer.id)).toBe(29);

    // Still inside the window a minute on: nothing more.
    expect(await sendNewLeadDigests(ctx.deps, at(60_000))).toEqual({ digests: 0 });
    expect(await sendNewLeadDigests(ctx.deps, at(DIGEST_WINDOW_MS + 1_000))).toEqual({ digests: 1 });
    expect(await sendNewLeadDigests(ctx.deps, at(DIGEST_WINDOW_MS + 1_000))).toEqual({ digests: 0 });
    mail = await mailTo(buyer.email);
    expect(mail.map((m) => [m.kind, m.subject])).toEqual([
      ["new_lead", expect.stringMatching(/^New lead from Digest Co/)],
      ["new_lead_digest", "29 new leads in your area"],
    ]);
    // Every lead told once: the first by its own e-mail, the others by the digest, none twice.
    for (const id of ids.slice(1)) expect(mail.some((m) => m.html.includes(id))).toBe(false);
    expect(await waitingFor(buyer.id)).toBe(0);

    // The digest opened the next window: a lead now waits for it, and alone it is told as itself.
    const late = await addLead(ctx, co.companyId);
    await routeLead(ctx.deps, late.id);
    expect(await mailTo(buyer.email)).toHaveLength(2);
    expect(await sendNewLeadDigests(ctx.deps, at(2 * DIGEST_WINDOW_MS + 2_000))).toEqual({ digests: 1 });
    mail = await mailTo(buyer.email);
    expect(mail).toHaveLength(3);
    expect(mail[2]!.kind).toBe("new_lead");
    expect(mail[2]!.html).toContain(`lead=${late.id}`);

    // A window that ends with nothing waiting closes: the next lead is e-mailed at once.
    expect(await sendNewLeadDigests(ctx.deps, at(3 * DIGEST_WINDOW_MS + 3_000))).toEqual({ digests: 0 });
    expect(
      await ctx.database.db.select().from(buyerNoticeWindows).where(eq(buyerNoticeWindows.buyerId, buyer.id)),
    ).toEqual([]);
    const next = await addLead(ctx, co.companyId);
    await routeLead(ctx.deps, next.id);
    mail = await mailTo(buyer.email);
    expect(mail).toHaveLength(4);
    expect(mail[3]!.html).toContain(`lead=${next.id}`);
  }, 60_000);

  it("leaves out of the digest a lead the buyer can no longer act on", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@digest-gone.test", "Digest Gone Co");
    const buyer = await addBuyer(ctx, co.companyId);
    const t0 = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const lead = await addLead(ctx, co.companyId);
      await routeLead(ctx.deps, lead.id);
      ids.push(lead.id);
    }
    // The buyer deleted one of the previews from its list.
    await ctx.database.db.execute(
      sql`insert into buyer_lead_dismissals (company_id, buyer_id, lead_id) values (${co.companyId}, ${buyer.id}, ${ids[3]})`,
    );
    expect(await sendNewLeadDigests(ctx.deps, new Date(t0 + DIGEST_WINDOW_MS + 60_000))).toEqual({
      digests: 1,
    });
    const mail = await mailTo(buyer.email);
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^New lead from/),
      "2 new leads in your area",
    ]);
    expect(await waitingFor(buyer.id)).toBe(0);
  });
});

describe("routing decisions are not delayed by notices", () => {
  const MATCHING = 1_250;
  let co: Awaited<ReturnType<typeof createCompanyWithOwner>>;

  beforeAll(async () => {
    co = await createCompanyWithOwner(ctx, "owner@metro-notices.test", "Metro Notices Co");
    // 1,250 buyers around the leads' zip, each matching every lead (as the bench's metro company).
    const place = lookupZip(ZIP_10_MILES)!;
    const rows = Array.from({ length: MATCHING }, (_, i) => ({
      companyId: co.companyId,
      email: `metro${i}-${randomUUID().slice(0, 6)}@example.com`,
      contactName: `Metro ${i}`,
      companyName: `Metro ${i} Co`,
      zipCode: ZIP_10_MILES,
      latitude: place.latitude,
      longitude: place.longitude,
      status: "active" as const,
      serviceRadius: 25,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await ctx.database.db.insert(buyers).values(rows.slice(i, i + 500));
  }, 60_000);

  async function claimedBatch(n: number) {
    const batch = [];
    for (let i = 0; i < n; i++) batch.push(await addLead(ctx, co.companyId, { saleCap: 3 }));
    const claimed = batch.map((l) => ({
      id: randomUUID(),
      companyId: co.companyId,
      leadId: l.id,
      attempts: 1,
    }));
    return { ids: batch.map((l) => l.id), claimed };
  }

  const decided = async (ids: readonly string[]) => {
    const rows = await ctx.database.db
      .select({
        id: leads.id,
        status: leads.status,
        decisions: sql<number>`count(${leadRoutingDecisions.leadId})::int`,
      })
      .from(leads)
      .leftJoin(leadRoutingDecisions, eq(leadRoutingDecisions.leadId, leads.id))
      .where(inArray(leads.id, [...ids]))
      .groupBy(leads.id, leads.status);
    return rows.filter((r) => r.status === "routed" && Number(r.decisions) === 1).length;
  };
  const noticeMail = async () =>
    (
      await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailMessages)
        .where(and(eq(emailMessages.companyId, co.companyId), eq(emailMessages.kind, "new_lead")))
    )[0]!.n;

  it("a batch's notices are rendered after every decision of the batch is written, never inside it", async () => {
    const { ids, claimed } = await claimedBatch(4);
    // What routing had written when the first notice was about to be stored.
    const seen: number[] = [];
    const original = ctx.deps.email.sendManyClaimed.bind(ctx.deps.email);
    vi.spyOn(ctx.deps.email, "sendManyClaimed").mockImplementation(async (inputs, claim) => {
      seen.push(await decided(ids));
      return original(inputs, claim);
    });
    await routeClaimed(ctx.deps, claimed, 2);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((n) => n === ids.length)).toBe(true);
    // Each of the 1,250 buyers is e-mailed one lead at once; the other three wait for its digest.
    expect(Number(await noticeMail())).toBe(MATCHING);
    expect(
      (
        await ctx.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(newLeadDigestItems)
          .where(eq(newLeadDigestItems.companyId, co.companyId))
      )[0]!.n,
    ).toBe(MATCHING * (ids.length - 1));
    expect(await sendNewLeadDigests(ctx.deps, new Date(Date.now() + DIGEST_WINDOW_MS + 1_000))).toEqual({
      digests: MATCHING,
    });
  }, 300_000);

  it("with a job queue, the batch queues one notice job after its commits and renders nothing itself", async () => {
    const { ids, claimed } = await claimedBatch(3);
    const sent: { name: string; data: object; inTransaction: boolean }[] = [];
    ctx.deps.jobs.attach({
      send: async (name, data) => sent.push({ name, data, inTransaction: false }),
      sendWith: async (name, data, execute) => {
        sent.push({ name, data, inTransaction: true });
        return execute("select $1::text as job", [name]);
      },
    });
    const before = Number(await noticeMail());
    await routeClaimed(ctx.deps, claimed, 2);
    // Every decision written; the notices owed are rows, not e-mails, until the job runs.
    expect(await decided(ids)).toBe(ids.length);
    expect(Number(await noticeMail())).toBe(before);
    expect(
      await ctx.database.db.select().from(newLeadNotices).where(inArray(newLeadNotices.leadId, ids)),
    ).toHaveLength(3);
    expect(sent).toEqual([
      { name: NEW_LEAD_NOTICES_JOB, data: { leadIds: expect.any(Array) }, inTransaction: false },
    ]);
    // Rendering those rows (1,250 buyers' notices) is what the test above checks; this one is the queue's.
  }, 300_000);
});
