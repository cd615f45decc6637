import {
  BUYER_PORTAL_MESSAGES,
  packageDisplay,
  type TBillingHistory,
  type TBuyerProfile,
  type TBuyerSummary,
  type ZBuyerProfileUpdateSchema,
} from "@leadpost/shared";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { buyerLeads, buyers, companies, companySecrets, niches, paymentOrders } from "../../db/schema";
import { AppError, notFound } from "../../lib/app-error";
import type { TBuyerContext } from "../../plugins/buyer-context";
import { ownEntries, previewCount } from "./previews";

type TPortalDeps = Pick<TDeps, "database">;

async function loadBuyer(db: Db, ctx: TBuyerContext) {
  const [row] = await db
    .select({ buyer: buyers, nicheName: niches.name })
    .from(buyers)
    .leftJoin(niches, and(eq(niches.id, buyers.nicheId), eq(niches.companyId, buyers.companyId)))
    .where(and(eq(buyers.id, ctx.buyerId), eq(buyers.companyId, ctx.companyId), isNull(buyers.deletedAt)));
  if (!row) throw new AppError("NO_BUYER", BUYER_PORTAL_MESSAGES.NO_BUYER);
  return row;
}

function toProfile({ buyer, nicheName }: Awaited<ReturnType<typeof loadBuyer>>): TBuyerProfile {
  return {
    id: buyer.id,
    email: buyer.email,
    contactName: buyer.contactName,
    companyName: buyer.companyName,
    phoneNumber: buyer.phoneNumber,
    address: buyer.address,
    city: buyer.city,
    state: buyer.state,
    zipCode: buyer.zipCode,
    serviceRadius: buyer.serviceRadius,
    niche: buyer.nicheId && nicheName !== null ? { id: buyer.nicheId, name: nicheName } : null,
    status: buyer.status,
  };
}

/**
 * company_has_payment_configured (spec 003 §7): the company's PayPal client id and secret for the mode
 * it is in (sandbox or live). Only presence is checked; the secret is never read here.
 */
export async function companyHasPaymentConfigured(db: Db, companyId: string) {
  const [company] = await db
    .select({
      isSandboxMode: companies.isSandboxMode,
      paypalClientId: companies.paypalClientId,
      paypalSandboxClientId: companies.paypalSandboxClientId,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound("Company not found");
  const mode = company.isSandboxMode ? ("sandbox" as const) : ("live" as const);
  const clientId = mode === "sandbox" ? company.paypalSandboxClientId : company.paypalClientId;
  const secretName = mode === "sandbox" ? "paypal_sandbox_secret_key" : "paypal_secret_key";
  const [secret] = await db
    .select({ n: count() })
    .from(companySecrets)
    .where(and(eq(companySecrets.companyId, companyId), eq(companySecrets.name, secretName)));
  return { configured: Boolean(clientId?.trim()) && Number(secret?.n ?? 0) > 0, mode };
}

export async function getProfile(deps: TPortalDeps, ctx: TBuyerContext): Promise<TBuyerProfile> {
  return toProfile(await loadBuyer(deps.database.db, ctx));
}

/** Spec 003 §5: the buyer edits contact name, company name and phone; everything else is the company's. */
export async function updateProfile(
  deps: TPortalDeps,
  ctx: TBuyerContext,
  input: z.output<typeof ZBuyerProfileUpdateSchema>,
): Promise<TBuyerProfile> {
  const db = deps.database.db;
  // Keys left out of the body are undefined here, and drizzle leaves undefined columns alone.
  await db
    .update(buyers)
    .set({
      contactName: input.contactName,
      companyName: input.companyName,
      phoneNumber: input.phoneNumber,
      updatedAt: new Date(),
    })
    .where(and(eq(buyers.id, ctx.buyerId), eq(buyers.companyId, ctx.companyId)));
  return toProfile(await loadBuyer(db, ctx));
}

/** Everything the dashboard's cards show, in one call. */
export async function getSummary(deps: TPortalDeps, ctx: TBuyerContext): Promise<TBuyerSummary> {
  const db = deps.database.db;
  const [row, [company], [full], previews, payment] = await Promise.all([
    loadBuyer(db, ctx),
    db
      .select({
        id: companies.id,
        name: companies.name,
        creditValueUsd: companies.creditValueUsd,
        supportEmail: companies.adminEmail,
      })
      .from(companies)
      .where(eq(companies.id, ctx.companyId)),
    db.select({ n: count() }).from(buyerLeads).where(ownEntries(ctx, false)),
    previewCount(db, ctx),
    companyHasPaymentConfigured(db, ctx.companyId),
  ]);
  if (!company) throw notFound("Company not found");
  return {
    profile: toProfile(row),
    company: { ...company, creditValueUsd: Number(company.creditValueUsd) },
    package: packageDisplay(row.buyer),
    stats: {
      fullAccessLeads: Number(full?.n ?? 0),
      availablePreviews: previews.total,
      morePreviews: previews.moreThanTotal,
      credits: row.buyer.creditBalance,
    },
    paymentConfigured: payment.configured,
    paymentMode: payment.mode,
  };
}

const BILLING_STATUS = {
  completed: "paid",
  created: "pending",
  pending: "pending",
  declined: "failed",
  failed: "failed",
} as const;

/** PRODUCT §2: real billing rows, from this buyer's credit-pack orders (newest first). */
export async function getBillingHistory(deps: TPortalDeps, ctx: TBuyerContext): Promise<TBillingHistory> {
  const rows = await deps.database.db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.buyerId, ctx.buyerId), eq(paymentOrders.companyId, ctx.companyId)))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(200);
  return {
    rows: rows.map((o) => ({
      id: o.id,
      createdAt: o.createdAt.toISOString(),
      amount: o.amountCents / 100,
      currency: o.currency,
      description: `${o.credits} credits (${o.packId} × ${o.quantity})`,
      status: BILLING_STATUS[o.status],
      type: "purchase" as const,
    })),
  };
}
