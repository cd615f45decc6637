import { DEFAULT_DISPLAY_PREFERENCES, formatDateTime, type TFormSubmissionResult } from "@leadpost/shared";
import { and, eq, inArray, isNull, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  buyerNoticeWindows,
  buyers,
  companies,
  emailMessages,
  leads,
  newLeadDigestItems,
  newLeadNotices,
} from "../src/db/schema";
import { emailBrand } from "../src/modules/email";
import {
  NEW_LEAD_NOTICES_JOB,
  routeLead,
  sendNewLeadNotices,
  sweepNewLeadNotices,
} from "../src/modules/lead-distribution";
import { newLeadNoticeEmail } from "../src/modules/lead-distribution/notices/new-lead-notice";
import { routeClaimed } from "../src/modules/lead-distribution/worker/routing-retry";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submitAndRoute } from "./helpers/forms";
import { leadHolders } from "./helpers/lead-holders";
import { addBuyer, addLead, ZIP_A } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const noticesTo = (companyId: string, to: string) =>
  ctx.database.db
    .select()
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.companyId, companyId),
        eq(emailMessages.toAddress, to),
        eq(emailMessages.kind, "new_lead"),
      ),
    );

describe("new-lead notice", () => {
  it("e-mails each matched buyer through the mail path with a link to the lead in the portal, and no one else", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@notice.test", "Notice Co");
    const other = await createCompanyWithOwner(ctx, "owner@notice-other.test", "Notice Other");
    const matched = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, serviceRadius: 25 });
    const inactive = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, status: "inactive" });
    const foreign = await addBuyer(ctx, other.companyId, { serviceRadius: 500 });
    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, saleCap: 1 });
    const res = await submitAndRoute(ctx, form.id, {
      ...QUOTE_ANSWERS,
      "f-zip": ZIP_A,
      "f-email": "n1@example.com",
    });
    expect(res.status).toBe(201);
    const { leadId } = (await res.json()) as TFormSubmissionResult;

    await expect.poll(async () => (await noticesTo(co.companyId, matched.email)).length).toBe(1);
    const [notice] = await noticesTo(co.companyId, matched.email);
    expect(notice!.html).toContain(`/buyer/available-leads?lead=${leadId}`);
    expect(notice!.subject).toMatch(/^New lead from Notice Co/);
    // A preview's notice never carries the visitor's contact details.
    expect(notice!.html).not.toContain("n1@example.com");
    expect(await noticesTo(co.companyId, inactive.email)).toHaveLength(0);
    expect(await noticesTo(other.companyId, foreign.email)).toHaveLength(0);
  });
});

/**
 * The notices as routing stored them in line before they moved to a job: the same recipients (the
 * lead's holders among `buyerIds`, active and not archived; previews derived on read since migration
 * 0023) and the same rendering, kept here as the reference the job's e-mails must equal.
 */
async function referenceNotices(companyId: string, leadId: string, buyerIds: string[]) {
  const held = new Map(
    (await leadHolders(ctx.database.db, leadId))
      .filter((h) => buyerIds.includes(h.buyerId))
      .map((h) => [h.buyerId, h.isPreview]),
  );
  if (held.size === 0) return [];
  const recipients = await ctx.database.db
    .select({
      id: buyers.id,
      email: buyers.email,
      serviceType: leads.serviceType,
      city: leads.city,
      state: leads.state,
      zipCode: leads.zipCode,
      createdAt: leads.createdAt,
      companyName: companies.name,
      companyLogoUrl: companies.logoUrl,
    })
    .from(buyers)
    .innerJoin(leads, and(eq(leads.id, leadId), eq(leads.companyId, companyId)))
    .innerJoin(companies, eq(companies.id, leads.companyId))
    .where(
      and(
        eq(buyers.companyId, companyId),
        inArray(buyers.id, [...held.keys()]),
        eq(buyers.status, "active"),
        isNull(buyers.deletedAt),
      ),
    );
  const publicUrl = ctx.deps.config.publicUrl;
  return recipients
    .map((r) => {
      const isPreview = held.get(r.id) === true;
      const brand = emailBrand(publicUrl, { name: r.companyName, logoUrl: r.companyLogoUrl });
      const page = isPreview ? "available-leads" : "my-leads";
      const url = `${publicUrl}/buyer/${page}?lead=${encodeURIComponent(leadId)}`;
      // Received in the company's zone and format: these companies keep the default preferences.
      const receivedAt = formatDateTime(r.createdAt, DEFAULT_DISPLAY_PREFERENCES);
      const lead = { ...r, receivedAt };
      const mail = newLeadNoticeEmail(r.companyName, lead, isPreview ? "preview" : "full", url, brand);
      return { companyId, toAddress: r.email, kind: "new_lead", ...mail, html: mail.html.value };
    })
    .sort((a, b) => a.toAddress.localeCompare(b.toAddress));
}

const storedNotices = async (leadId: string) =>
  (
    await ctx.database.db
      .select({
        companyId: emailMessages.companyId,
        toAddress: emailMessages.toAddress,
        kind: emailMessages.kind,
        subject: emailMessages.subject,
        html: emailMessages.html,
        text: emailMessages.text,
      })
      .from(emailMessages)
      .where(and(eq(emailMessages.kind, "new_lead"), like(emailMessages.html, `%lead=${leadId}%`)))
  ).sort((a, b) => a.toAddress.localeCompare(b.toAddress));

const noticeRows = (leadId: string) =>
  ctx.database.db.select().from(newLeadNotices).where(eq(newLeadNotices.leadId, leadId));

describe("new-lead notices leave the routing for a job", () => {
  let co: Awaited<ReturnType<typeof createCompanyWithOwner>>;
  let reached: string[];
  let inactiveEmail: string;
  const sent: { name: string; data: object; inTransaction: boolean }[] = [];

  beforeAll(async () => {
    co = await createCompanyWithOwner(ctx, "owner@notice-job.test", "Notice Job Co");
    // Two full-access buyers (prepaid, all-you-can-eat), two previews, one inactive and one archived.
    const prepaid = await addBuyer(ctx, co.companyId, { prepaidLeadsTotal: 5, prepaidLeadsRemaining: 5 });
    const eat = await addBuyer(ctx, co.companyId, { allYouCanEatEnabled: true });
    const p1 = await addBuyer(ctx, co.companyId);
    const p2 = await addBuyer(ctx, co.companyId, { zipCode: ZIP_A });
    inactiveEmail = (await addBuyer(ctx, co.companyId, { status: "inactive" })).email;
    await addBuyer(ctx, co.companyId, { deletedAt: new Date() });
    reached = [prepaid.id, eat.id, p1.id, p2.id];
    // A running queue: the job is queued by one statement of the routing's own transaction.
    ctx.deps.jobs.attach({
      send: async (name, data) => sent.push({ name, data, inTransaction: false }),
      sendWith: async (name, data, execute) => {
        sent.push({ name, data, inTransaction: true });
        return execute("select $1::text as job", [name]);
      },
    });
  });

  // Each test starts with the buyers' notice windows closed (as five minutes later): its first lead is
  // e-mailed to each buyer at once (the digests that follow are tested below).
  beforeEach(async () => {
    await ctx.database.db.delete(buyerNoticeWindows).where(eq(buyerNoticeWindows.companyId, co.companyId));
    await ctx.database.db.delete(newLeadDigestItems).where(eq(newLeadDigestItems.companyId, co.companyId));
  });
  const waiting = async () =>
    (
      await ctx.database.db
        .select()
        .from(newLeadDigestItems)
        .where(eq(newLeadDigestItems.companyId, co.companyId))
    ).length;

  it("routing stores one row and queues one job per lead; the job stores exactly the notices routing sent before", async () => {
    const lead = await addLead(ctx, co.companyId, { saleCap: 2, city: "Denver", state: "CO" });
    sent.length = 0;
    await routeLead(ctx.deps, lead.id);

    expect(sent).toEqual([{ name: NEW_LEAD_NOTICES_JOB, data: { leadId: lead.id }, inTransaction: true }]);
    const [row] = await noticeRows(lead.id);
    expect(row!.companyId).toBe(co.companyId);
    // The row names the full-access buyers; the job adds the buyers that see the lead as a preview.
    expect([...row!.buyerIds].sort()).toEqual(reached.slice(0, 2).sort());
    expect(await storedNotices(lead.id)).toEqual([]);

    const expected = await referenceNotices(co.companyId, lead.id, reached);
    expect(expected).toHaveLength(4);
    expect(expected.filter((m) => m.html.includes("/buyer/my-leads?"))).toHaveLength(2);

    expect(await sendNewLeadNotices(ctx.deps, { leadIds: [lead.id] })).toEqual({ leads: 1, emails: 4 });
    expect(await storedNotices(lead.id)).toEqual(expected);
    expect(await noticeRows(lead.id)).toEqual([]);
  });

  it("a routing worker's batch queues one job for all its leads, after their commits", async () => {
    const a = await addLead(ctx, co.companyId, { saleCap: 2 });
    const b = await addLead(ctx, co.companyId, { saleCap: 2 });
    const noLocation = await addLead(ctx, co.companyId, { zipCode: null, latitude: null, longitude: null });
    const claimed = [a, b, noLocation].map((l) => ({
      id: crypto.randomUUID(),
      companyId: co.companyId,
      leadId: l.id,
      attempts: 1,
    }));
    sent.length = 0;
    await routeClaimed(ctx.deps, claimed, 2);
    // The lead without a location reached nobody: it owes no notice.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: NEW_LEAD_NOTICES_JOB, inTransaction: false });
    expect([...(sent[0]!.data as { leadIds: string[] }).leadIds].sort()).toEqual([a.id, b.id].sort());
    // Each buyer is e-mailed the first of the two; the other waits for its digest.
    expect(await sendNewLeadNotices(ctx.deps, { leadIds: [a.id, b.id] })).toEqual({ leads: 2, emails: 4 });
    expect(await waiting()).toBe(4);
  });

  it("a batch of more leads than one read holds sends each lead's notices once", async () => {
    const batch = [];
    for (let i = 0; i < 12; i++) batch.push(await addLead(ctx, co.companyId, { saleCap: 2 }));
    for (const lead of batch) await routeLead(ctx.deps, lead.id);
    const ids = batch.map((l) => l.id);
    expect(await sendNewLeadNotices(ctx.deps, { leadIds: ids })).toEqual({ leads: 12, emails: 4 });
    expect(await sendNewLeadNotices(ctx.deps, { leadIds: ids })).toEqual({ leads: 0, emails: 0 });
    // The first lead to each buyer at once, the other eleven held for each buyer's digest, once.
    expect(await storedNotices(ids[0]!)).toHaveLength(4);
    for (const id of ids.slice(1)) expect(await storedNotices(id)).toHaveLength(0);
    expect(await waiting()).toBe(44);
  });

  it("a retried or doubled job stores nothing twice", async () => {
    const lead = await addLead(ctx, co.companyId, { saleCap: 2 });
    await routeLead(ctx.deps, lead.id);
    const runs = await Promise.all([
      sendNewLeadNotices(ctx.deps, { leadIds: [lead.id] }),
      sendNewLeadNotices(ctx.deps, { leadIds: [lead.id] }),
    ]);
    expect(runs.reduce((n, r) => n + r.emails, 0)).toBe(4);
    expect(await sendNewLeadNotices(ctx.deps, { leadIds: [lead.id] })).toEqual({ leads: 0, emails: 0 });
    const stored = await storedNotices(lead.id);
    expect(stored.map((m) => m.toAddress)).toEqual([...new Set(stored.map((m) => m.toAddress))]);
    expect(stored).toHaveLength(4);
  });

  it("a notice whose job was never queued is sent by the sweep, once", async () => {
    const lead = await addLead(ctx, co.companyId, { saleCap: 2 });
    // The queue is not running yet, and the server stops between the routing commit and queuing the job.
    ctx.deps.jobs.attach({
      send: async () => {
        throw new Error("queue unreachable");
      },
      sendWith: () => null,
    });
    expect((await routeLead(ctx.deps, lead.id)).outcome).toBe("routed");
    expect(await noticeRows(lead.id)).toHaveLength(1);
    // Too young for the sweep: its job may still be on its way.
    await sweepNewLeadNotices(ctx.deps);
    expect(await storedNotices(lead.id)).toEqual([]);
    await ctx.database.db
      .update(newLeadNotices)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(newLeadNotices.leadId, lead.id));
    expect(await sweepNewLeadNotices(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await sweepNewLeadNotices(ctx.deps)).toBe(0);
    expect(await storedNotices(lead.id)).toEqual(await referenceNotices(co.companyId, lead.id, reached));
    expect((await storedNotices(lead.id)).some((m) => m.toAddress === inactiveEmail)).toBe(false);
  });
});
