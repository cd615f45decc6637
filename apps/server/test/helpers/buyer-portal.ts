import { eq } from "drizzle-orm";
import { accounts, buyerLeads, buyers, creditTransactions, leads, users } from "../../src/db/schema";
import { hashPassword } from "../../src/modules/auth/password";
import { FIXTURE_PASSWORD } from "./fixtures";
import { signIn, type TTestContext } from "./test-app";

/** A user account that can sign in, with no company role. */
export async function createUser(ctx: TTestContext, email: string) {
  const id = crypto.randomUUID();
  await ctx.database.db.insert(users).values({ id, email, name: email.split("@")[0]!, emailVerified: true });
  await ctx.database.db.insert(accounts).values({
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(FIXTURE_PASSWORD),
  });
  return id;
}

/** A buyer with an account of its own: its user, then the active buyer in the company's niche. */
export async function createBuyerWithUser(
  ctx: TTestContext,
  company: { companyId: string; nicheId: string },
  email: string,
  credits = 10,
) {
  const userId = await createUser(ctx, email);
  return createBuyer(ctx, { companyId: company.companyId, nicheId: company.nicheId, userId, email, credits });
}

/** An active buyer of a company, linked to a user, with credits booked through the ledger. */
export async function createBuyer(
  ctx: TTestContext,
  opts: {
    companyId: string;
    nicheId?: string | null;
    userId: string | null;
    email: string;
    credits?: number;
    costPerLead?: number | null;
    prepaid?: { total: number; remaining: number };
    allYouCanEat?: boolean;
  },
) {
  const db = ctx.database.db;
  const [buyer] = await db
    .insert(buyers)
    .values({
      companyId: opts.companyId,
      userId: opts.userId,
      email: opts.email,
      contactName: "Buyer Person",
      companyName: "Buyer Co",
      phoneNumber: "3035550100",
      zipCode: "80202",
      city: "Denver",
      state: "CO",
      nicheId: opts.nicheId ?? null,
      status: "active",
      costPerLead: opts.costPerLead ?? null,
      prepaidLeadsTotal: opts.prepaid?.total ?? 0,
      prepaidLeadsRemaining: opts.prepaid?.remaining ?? 0,
      allYouCanEatEnabled: opts.allYouCanEat ?? false,
    })
    .returning();
  if (opts.credits) {
    await db.insert(creditTransactions).values({
      companyId: opts.companyId,
      buyerId: buyer!.id,
      amount: opts.credits,
      transactionType: "grant",
      idempotencyKey: `test-grant-${buyer!.id}`,
    });
    await db.update(buyers).set({ creditBalance: opts.credits }).where(eq(buyers.id, buyer!.id));
  }
  return buyer!;
}

export async function signInBuyer(ctx: TTestContext, email: string) {
  return signIn(ctx, email, FIXTURE_PASSWORD);
}

let leadCounter = 0;

/** A routed lead with answers, created `daysAgo` days ago. */
export async function createLead(
  ctx: TTestContext,
  opts: {
    companyId: string;
    nicheId?: string | null;
    name: string;
    city?: string;
    state?: string;
    zip?: string;
    service?: string;
    saleCap?: number;
    saleCount?: number;
    daysAgo?: number;
    extra?: Record<string, string>;
  },
) {
  leadCounter += 1;
  const createdAt = new Date(Date.now() - (opts.daysAgo ?? 0) * 86_400_000 - leadCounter * 1000);
  const email = `${opts.name.replace(/\W/g, "").toLowerCase()}@example.com`;
  const [lead] = await ctx.database.db
    .insert(leads)
    .values({
      companyId: opts.companyId,
      nicheId: opts.nicheId ?? null,
      name: opts.name,
      email,
      phone: "3035550111",
      city: opts.city ?? "Denver",
      state: opts.state ?? "CO",
      zipCode: opts.zip ?? "80203",
      serviceType: opts.service ?? "Roof repair",
      data: { Name: opts.name, Email: email, ...opts.extra },
      saleCap: opts.saleCap ?? 1,
      saleCount: opts.saleCount ?? 0,
      status: "routed",
      createdAt,
    })
    .returning();
  return lead!;
}

export async function giveLead(
  ctx: TTestContext,
  opts: { companyId: string; buyerId: string; leadId: string; preview: boolean },
) {
  await ctx.database.db.insert(buyerLeads).values({
    companyId: opts.companyId,
    buyerId: opts.buyerId,
    leadId: opts.leadId,
    isPreview: opts.preview,
    acquiredVia: opts.preview ? null : "credits",
    creditsSpent: opts.preview ? 0 : 40,
    unlockedAt: opts.preview ? null : new Date(),
  });
}
