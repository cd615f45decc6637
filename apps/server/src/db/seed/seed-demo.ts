import { randomBytes } from "node:crypto";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { lookupZip } from "../../integrations/geocoding/zip-centroids";
import { hashPassword } from "../../modules/auth";
import { bookCredit, lockBuyer } from "../../modules/credits";
import { DEV_RECEIVER_PATH } from "../../modules/lead-delivery";
import { routeLead } from "../../modules/lead-distribution";
import { purchaseLeadWithCredit } from "../../modules/purchases";
import { fileReturn } from "../../modules/returns";
import { setTierByHand } from "../../modules/subscriptions";
import type { Db } from "../client";
import {
  accounts,
  buyerLeads,
  buyers,
  companies,
  companyPreferences,
  deliveryEndpoints,
  formDistributionBuyers,
  formSubmissions,
  forms,
  leadRoutingDecisions,
  leads,
  newLeadNotices,
  niches,
  profiles,
  userRoles,
  users,
} from "../schema";
import {
  DEMO_BUYERS,
  DEMO_COMPANY,
  DEMO_FORMS,
  DEMO_LEAD_SOURCES,
  DEMO_LEADS,
  DEMO_NICHES,
  DEMO_PASSWORD,
  DEMO_TIER,
  DEMO_USERS,
} from "./demo-data";

const DAY = 24 * 60 * 60 * 1000;

type TSeedDeps = Pick<TDeps, "database" | "logger" | "email" | "config" | "jobs" | "secretBox" | "payBid">;
type TSeeded = Awaited<ReturnType<typeof seedDemo>>;

/**
 * Seeds the demo company on the first start of an empty database; later starts leave data alone. The
 * demo leads go through the real routing and the demo buyer's unlock through the real purchase, so
 * every decision, preview, balance and ledger entry is one the product itself would have written.
 */
export async function seedDemoIfEmpty(deps: TSeedDeps): Promise<boolean> {
  return deps.database.withExclusiveLock("leadpost:seed", async (db) => {
    const [row] = await db.select({ n: count() }).from(companies);
    if ((row?.n ?? 0) > 0) return false;
    const seeded = await db.transaction((tx) => seedDemo(tx));
    await addDemoDeliveryEndpoint(deps, seeded);
    await routeDemoLeads(deps, seeded);
    deps.logger.info({ company: DEMO_COMPANY.name }, "demo data seeded");
    return true;
  });
}

async function seedDemo(db: Db) {
  const now = Date.now();

  const [company] = await db
    .insert(companies)
    .values({ ...DEMO_COMPANY, trialExpiresAt: new Date(now + 14 * DAY) })
    .returning();
  if (!company) throw new Error("seed: company insert returned nothing");
  // Through the same rules as any plan, so tier, status and seats agree everywhere.
  await setTierByHand(db, company.id, DEMO_TIER);
  await db.insert(companyPreferences).values({ companyId: company.id });

  const userIds = new Map<string, string>();
  for (const u of DEMO_USERS) {
    const id = crypto.randomUUID();
    userIds.set(u.email, id);
    await db.insert(users).values({ id, email: u.email, name: u.name, emailVerified: true });
    await db.insert(accounts).values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      // Hashed per account: each gets its own salt, so one cracked hash reveals nothing of the others.
      password: await hashPassword(DEMO_PASSWORD),
    });
    await db.insert(profiles).values({ id, companyId: u.role ? company.id : null, fullName: u.name });
    if (u.role) await db.insert(userRoles).values({ userId: id, companyId: company.id, role: u.role });
  }

  const nicheRows = await db
    .insert(niches)
    .values(DEMO_NICHES.map((n) => ({ ...n, companyId: company.id })))
    .returning();
  const nicheId = (name: string) => nicheRows.find((n) => n.name === name)?.id ?? null;

  const buyerRows = await db
    .insert(buyers)
    .values(
      DEMO_BUYERS.map((b) => {
        const loc = lookupZip(b.zipCode);
        return {
          companyId: company.id,
          userId: b.userEmail ? (userIds.get(b.userEmail) ?? null) : null,
          email: b.email,
          contactName: b.contactName,
          companyName: b.companyName,
          phoneNumber: b.phoneNumber || null,
          zipCode: b.zipCode,
          city: loc?.city ?? null,
          state: loc?.state ?? null,
          latitude: loc?.latitude ?? null,
          longitude: loc?.longitude ?? null,
          serviceRadius: b.serviceRadius,
          nicheId: nicheId(b.niche),
          status: b.status,
          source: b.status === "pending" ? ("invitation" as const) : ("manual" as const),
          allYouCanEatEnabled: b.allYouCanEat ?? false,
          costPerLead: b.allYouCanEat ? 0 : (b.costPerLead ?? null),
          prepaidLeadsTotal: b.prepaid?.total ?? 0,
          prepaidLeadsRemaining: b.prepaid?.remaining ?? 0,
          ...(b.caps
            ? { timeZone: b.caps.timeZone, dailyCap: b.caps.dailyCap, weeklyCap: b.caps.weeklyCap ?? null }
            : {}),
        };
      }),
    )
    .returning();

  // Credits go through the ledger like any grant; the cached balance is its sum.
  for (const b of DEMO_BUYERS) {
    if (!b.credits) continue;
    const buyer = buyerRows.find((r) => r.email === b.email)!;
    const wallet = await lockBuyer(db, company.id, buyer.id);
    if (!wallet) throw new Error("seed: buyer insert returned nothing");
    await bookCredit(db, wallet, "grant", b.credits, {
      reason: "Welcome credits",
      idempotencyKey: `seed-grant-${buyer.id}`,
      createdBy: userIds.get(DEMO_COMPANY.adminEmail) ?? null,
    });
  }

  const formRows = await db
    .insert(forms)
    .values(
      DEMO_FORMS.map((f) => ({
        companyId: company.id,
        title: f.title,
        description: f.description,
        status: f.status,
        fields: f.fields,
        enableMultistep: f.enableMultistep,
        nicheId: nicheId(f.niche),
        saleCap: f.saleCap,
        successMessage: "Thanks! A local pro will contact you shortly.",
        createdBy: userIds.get(DEMO_COMPANY.adminEmail) ?? null,
      })),
    )
    .returning();

  // The first form hands its leads out by priority: its niche's demo buyers in the order they are listed.
  const priorityForm = formRows[0]!;
  const ranked = buyerRows.filter((b) => b.nicheId !== null && b.nicheId === priorityForm.nicheId);
  await db
    .update(forms)
    .set({ distributionMethod: "priority" })
    .where(and(eq(forms.id, priorityForm.id), eq(forms.companyId, company.id)));
  if (ranked.length > 0) {
    await db.insert(formDistributionBuyers).values(
      ranked.map((b, i) => ({
        formId: priorityForm.id,
        companyId: company.id,
        buyerId: b.id,
        position: i + 1,
      })),
    );
  }

  // The leads arrive as submissions do (status new); seedDemoIfEmpty then routes each through routing.
  const leadRows = await db
    .insert(leads)
    .values(
      DEMO_LEADS.map((l) => {
        const form = formRows[l.form]!;
        const loc = lookupZip(l.zip);
        return {
          companyId: company.id,
          formId: form.id,
          source: "form" as const,
          name: l.name,
          email: l.email,
          phone: l.phone || null,
          zipCode: l.zip,
          city: loc?.city ?? null,
          state: loc?.state ?? null,
          latitude: loc?.latitude ?? null,
          longitude: loc?.longitude ?? null,
          serviceType: l.service,
          nicheId: form.nicheId,
          data: { Name: l.name, Email: l.email, Phone: l.phone, Zip: l.zip, Service: l.service },
          saleCap: form.saleCap,
          status: "new" as const,
          createdAt: new Date(now - l.daysAgo * DAY),
        };
      }),
    )
    .returning();

  // Each lead's raw submission, with where its visitor came from (already routed: the leads exist).
  const submissionRows = leadRows.map((lead, i) => {
    const from: { utm?: Record<string, string>; clickIds?: Record<string, string>; referrer?: string } =
      DEMO_LEAD_SOURCES[i % DEMO_LEAD_SOURCES.length]!;
    return {
      id: crypto.randomUUID(),
      companyId: company.id,
      formId: lead.formId!,
      data: lead.data ?? {},
      utm: from.utm ?? null,
      clickIds: from.clickIds ?? null,
      referrer: from.referrer ?? null,
      leadId: lead.id,
      routingStatus: "routed" as const,
      createdAt: lead.createdAt,
    };
  });
  await db.insert(formSubmissions).values(submissionRows);
  for (const row of submissionRows) {
    await db.update(leads).set({ submissionId: row.id }).where(eq(leads.id, row.leadId));
  }

  // The demo buyer buys the newest roofing lead once routing has offered it a preview.
  const demoBuyer = buyerRows.find((b) => b.email === "buyer@leadpost.test")!;
  const newestRoofing = leadRows
    .filter((l) => l.formId === formRows[0]!.id)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  return {
    companyId: company.id,
    leadIds: [...leadRows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((l) => l.id),
    purchase: newestRoofing
      ? {
          leadId: newestRoofing.id,
          buyer: {
            companyId: company.id,
            buyerId: demoBuyer.id,
            userId: demoBuyer.userId!,
            email: demoBuyer.email,
          },
        }
      : null,
  };
}

/**
 * The demo buyer's delivery endpoint (docs/lead-delivery.md): this server's development receiver, so
 * the lead it unlocks below (and every later one) arrives, signed, at /dev/lead-receiver. Production
 * seeds no demo data and serves no receiver.
 */
async function addDemoDeliveryEndpoint(deps: TSeedDeps, seeded: TSeeded) {
  if (!seeded.purchase) return;
  const secret = `lpsec_${randomBytes(32).toString("base64url")}`;
  await deps.database.db.insert(deliveryEndpoints).values({
    companyId: seeded.companyId,
    buyerId: seeded.purchase.buyer.buyerId,
    name: "Front Range CRM (development receiver)",
    url: `${deps.config.publicUrl}${DEV_RECEIVER_PATH}`,
    secretCiphertext: deps.secretBox.seal(secret),
    secretLast4: secret.slice(-4),
  });
}

/**
 * Routes the demo leads oldest first through the routing engine (decisions, prepaid and
 * all-you-can-eat deliveries), then dates what routing wrote to each lead's arrival, so a lead of last
 * week reads as routed last week (and the demo buyers as active since before it, so they see its
 * preview). The demo leads are history, not news: their new-lead notices are never sent (routed as one
 * batch whose notice job is never queued, and the rows the sweep would pick up are deleted), so a first
 * start mails nobody.
 */
async function routeDemoLeads(deps: TSeedDeps, seeded: TSeeded): Promise<void> {
  const unsent = { leadIds: [] as string[] };
  for (const leadId of seeded.leadIds) await routeLead(deps, leadId, unsent);
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    await tx.delete(newLeadNotices).where(eq(newLeadNotices.companyId, seeded.companyId));
    await tx
      .update(leads)
      .set({ routedAt: sql`${leads.createdAt}` })
      .where(and(eq(leads.companyId, seeded.companyId), isNotNull(leads.routedAt)));
    await tx.execute(sql`
      update ${leadRoutingDecisions} d set decided_at = l.created_at
        from ${leads} l where l.id = d.lead_id and l.company_id = ${seeded.companyId}::uuid`);
    // Previews are derived for leads routed since a buyer became active: the demo buyers were there first.
    await tx.execute(sql`
      update ${buyers} b set receives_leads_since = l.first
        from (select min(created_at) as first from ${leads} where company_id = ${seeded.companyId}::uuid) l
       where b.company_id = ${seeded.companyId}::uuid and b.receives_leads_since is not null
         and l.first < b.receives_leads_since`);
    // Each submission ends as the routing of its lead did, as the routing worker would record it.
    await tx.execute(sql`
      update ${formSubmissions} s
         set routing_status = case when l.status = 'unrouted' then 'unrouted' else 'routed' end
        from ${leads} l where l.id = s.lead_id and l.company_id = ${seeded.companyId}::uuid`);
    await tx.execute(sql`
      update ${buyerLeads} b
         set created_at = l.created_at,
             unlocked_at = case when b.unlocked_at is null then null else l.created_at end
        from ${leads} l where l.id = b.lead_id and l.company_id = ${seeded.companyId}::uuid`);
  });
  if (seeded.purchase) {
    const { leadId, buyer } = seeded.purchase;
    await purchaseLeadWithCredit(deps, buyer, { leadId, idempotencyKey: `seed-purchase-${leadId}` });
    // A pending return for the Returns queue, filed by the real service; history, so no e-mail.
    await fileReturn(
      deps,
      buyer,
      { leadId, reason: "Wrong number", note: "The number rings a closed business." },
      { notify: false },
    );
  }
}
