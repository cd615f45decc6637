import { count, sql } from "drizzle-orm";
import { lookupZip } from "../../integrations/geocoding/zip-centroids";
import type { TLogger } from "../../lib/logger";
import { hashPassword } from "../../modules/auth";
import type { Db, TDatabase } from "../client";
import {
  accounts,
  buyerLeads,
  buyers,
  companies,
  companyPreferences,
  creditTransactions,
  forms,
  leads,
  niches,
  profiles,
  userRoles,
  users,
} from "../schema";
import {
  DEMO_BUYERS,
  DEMO_COMPANY,
  DEMO_FORMS,
  DEMO_LEADS,
  DEMO_NICHES,
  DEMO_PASSWORD,
  DEMO_USERS,
} from "./demo-data";

const DAY = 24 * 60 * 60 * 1000;

/** Seeds the demo company on the first start of an empty database; later starts leave data alone. */
export async function seedDemoIfEmpty(database: TDatabase, logger: TLogger): Promise<boolean> {
  return database.withExclusiveLock("leadpost:seed", async (db) => {
    const [row] = await db.select({ n: count() }).from(companies);
    if ((row?.n ?? 0) > 0) return false;
    await db.transaction((tx) => seedDemo(tx));
    logger.info({ company: DEMO_COMPANY.name }, "demo data seeded");
    return true;
  });
}

export async function seedDemo(db: Db): Promise<void> {
  const now = Date.now();

  const [company] = await db
    .insert(companies)
    .values({ ...DEMO_COMPANY, trialExpiresAt: new Date(now + 14 * DAY) })
    .returning();
  if (!company) throw new Error("seed: company insert returned nothing");
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
        };
      }),
    )
    .returning();

  // Credits go through the ledger like any grant; the cached balance is its sum.
  for (const b of DEMO_BUYERS) {
    if (!b.credits) continue;
    const buyer = buyerRows.find((r) => r.email === b.email)!;
    await db.insert(creditTransactions).values({
      companyId: company.id,
      buyerId: buyer.id,
      buyerEmail: buyer.email,
      amount: b.credits,
      transactionType: "grant",
      reason: "Welcome credits",
      idempotencyKey: `seed-grant-${buyer.id}`,
      createdBy: userIds.get(DEMO_COMPANY.adminEmail) ?? null,
    });
    await db.update(buyers).set({ creditBalance: b.credits }).where(sql`${buyers.id} = ${buyer.id}`);
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
          status: "routed" as const,
          routedAt: new Date(now - l.daysAgo * DAY),
          createdAt: new Date(now - l.daysAgo * DAY),
        };
      }),
    )
    .returning();

  // The demo buyer has unlocked the newest roofing lead and holds previews of the others nearby.
  const demoBuyer = buyerRows.find((b) => b.email === "buyer@leadpost.test")!;
  const roofingLeads = leadRows.filter((l) => l.formId === formRows[0]!.id);
  const [unlocked, ...previews] = roofingLeads;
  if (unlocked) {
    const price = DEMO_BUYERS[0]!.costPerLead!;
    await db.insert(buyerLeads).values({
      companyId: company.id,
      buyerId: demoBuyer.id,
      leadId: unlocked.id,
      isPreview: false,
      acquiredVia: "credits",
      creditsSpent: price,
      unlockedAt: new Date(now),
    });
    await db.insert(creditTransactions).values({
      companyId: company.id,
      buyerId: demoBuyer.id,
      buyerEmail: demoBuyer.email,
      amount: -price,
      transactionType: "consume",
      reason: "Lead purchase",
      leadId: unlocked.id,
      idempotencyKey: `seed-consume-${unlocked.id}`,
      createdBy: demoBuyer.userId,
    });
    await db
      .update(buyers)
      .set({ creditBalance: sql`${buyers.creditBalance} - ${price}` })
      .where(sql`${buyers.id} = ${demoBuyer.id}`);
    await db.update(leads).set({ saleCount: 1 }).where(sql`${leads.id} = ${unlocked.id}`);
  }
  const nearby = previews.filter((l) => l.zipCode !== "80521");
  if (nearby.length > 0) {
    await db
      .insert(buyerLeads)
      .values(
        nearby.map((l) => ({ companyId: company.id, buyerId: demoBuyer.id, leadId: l.id, isPreview: true })),
      );
  }
}
