import { CREDIT_TRANSACTION_TYPES } from "@leadpost/shared/domain/credit-ledger";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { buyers } from "./buyers";
import { createdAt, id, tz, updatedAt } from "./columns";
import { companies } from "./companies";
import { leads } from "./leads";

/** Append-only ledger: a buyer's balance is the sum of its amounts. Only is_revoked ever changes. */
export const creditTransactions = pgTable(
  "credit_transactions",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    buyerEmail: text(),
    amount: integer().notNull(),
    transactionType: text({ enum: CREDIT_TRANSACTION_TYPES }).notNull(),
    reason: text(),
    notes: text(),
    /** Lots (grant, promo, purchase, refund) may expire; the rest never do. */
    expiresAt: tz(),
    isRevoked: boolean().notNull().default(false),
    idempotencyKey: text(),
    /** SHA-256 of the whole request that used the key (lib/request-hash.ts): a replay must match it. */
    requestHash: text(),
    leadId: uuid().references(() => leads.id, { onDelete: "set null" }),
    paymentOrderId: uuid(),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.companyId, t.buyerId, t.createdAt),
    uniqueIndex("credit_transactions_idempotency_unique").on(t.companyId, t.idempotencyKey),
    // The hourly expiry job looks for lots past their expiry.
    index("credit_transactions_expiring_lots").on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    check("credit_transactions_amount_nonzero", sql`${t.amount} <> 0`),
  ],
);

/** Which lot each debit drew from (soonest-expiring first); a lot's remainder = amount - allocations. */
export const creditLotAllocations = pgTable(
  "credit_lot_allocations",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    lotTransactionId: uuid()
      .notNull()
      .references(() => creditTransactions.id, { onDelete: "cascade" }),
    debitTransactionId: uuid()
      .notNull()
      .references(() => creditTransactions.id, { onDelete: "cascade" }),
    amount: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.lotTransactionId), check("credit_lot_allocations_positive", sql`${t.amount} > 0`)],
);

export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    /** "manual": a tier a platform admin set by hand (the demo company's too); nothing is billed. */
    provider: text({ enum: ["paypal", "manual"] })
      .notNull()
      .default("paypal"),
    mode: text({ enum: ["sandbox", "live"] }).notNull(),
    providerOrderId: text().notNull(),
    packId: text().notNull(),
    quantity: integer().notNull(),
    credits: integer().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default("USD"),
    status: text({ enum: ["created", "completed", "pending", "declined", "failed"] })
      .notNull()
      .default("created"),
    captureId: text(),
    creditTransactionId: uuid(),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.provider, t.providerOrderId),
    uniqueIndex("payment_orders_capture_unique").on(t.provider, t.captureId),
    index().on(t.companyId, t.buyerId),
  ],
);

/** Verified provider webhooks, one row per event id: a redelivered event is recognised and skipped. */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** "manual": a tier a platform admin set by hand (the demo company's too); nothing is billed. */
    provider: text({ enum: ["paypal", "manual"] })
      .notNull()
      .default("paypal"),
    eventId: text().notNull(),
    eventType: text().notNull(),
    resourceId: text(),
    outcome: text({ enum: ["processed", "ignored"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.provider, t.eventId), index().on(t.companyId, t.createdAt)],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** "manual": a tier a platform admin set by hand (the demo company's too); nothing is billed. */
    provider: text({ enum: ["paypal", "manual"] })
      .notNull()
      .default("paypal"),
    providerSubscriptionId: text().notNull(),
    tier: text({ enum: ["basic", "pro", "enterprise"] }).notNull(),
    status: text().notNull(),
    currentPeriodEnd: tz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.provider, t.providerSubscriptionId)],
);

export const subscriptionPayments = pgTable(
  "subscription_payments",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: "set null" }),
    providerPaymentId: text().notNull().unique(),
    amountCents: integer().notNull(),
    currency: text().notNull().default("USD"),
    status: text({ enum: ["paid", "pending", "failed", "refunded"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId)],
);

/** Platform plans per tier and mode (created through the admin tools). */
export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: id(),
    tier: text({ enum: ["basic", "pro", "enterprise"] }).notNull(),
    mode: text({ enum: ["sandbox", "live"] }).notNull(),
    providerPlanId: text().notNull(),
    priceCents: integer().notNull(),
    seats: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tier, t.mode)],
);
