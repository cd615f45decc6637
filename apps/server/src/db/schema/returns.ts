import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { buyers } from "./buyers";
import { createdAt, id, tz, updatedAt } from "./columns";
import { companies } from "./companies";
import { creditTransactions } from "./credits";
import { leads } from "./leads";

/** A company's return rules (one row per company; absent, the defaults of RETURN_DEFAULTS apply). */
export const returnSettings = pgTable(
  "return_settings",
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    windowDays: integer().notNull().default(7),
    reasons: text().array().notNull().default(sql`'{"Wrong number","Duplicate","Out of area"}'::text[]`),
    autoApprovePhoneInvalid: boolean().notNull().default(false),
    resellOnApprove: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check("return_settings_window", sql`${t.windowDays} between 1 and 90`)],
);

/**
 * A buyer's return of a lead it bought: pending until the company (or an auto-approve rule) decides.
 * One per buyer and lead, so a lead is returned once; the refund entry it booked is linked here and
 * to the purchase's consume entry.
 */
export const leadReturns = pgTable(
  "lead_returns",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** The purchase's consume entry, and what it cost (what approval gives back). */
    purchaseTransactionId: uuid().references(() => creditTransactions.id, { onDelete: "set null" }),
    credits: integer().notNull(),
    reason: text().notNull(),
    note: text(),
    status: text({ enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    decisionNote: text(),
    decidedAt: tz(),
    decidedBy: text().references(() => users.id, { onDelete: "set null" }),
    autoApproved: boolean().notNull().default(false),
    /** Approval freed the lead's slot for another buyer. */
    resold: boolean().notNull().default(false),
    refundTransactionId: uuid().references(() => creditTransactions.id, { onDelete: "set null" }),
    purchasedAt: tz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lead_returns_buyer_lead_unique").on(t.buyerId, t.leadId),
    index().on(t.companyId, t.status, t.createdAt),
    index().on(t.leadId),
    check("lead_returns_credits", sql`${t.credits} >= 0`),
  ],
);

/** A lead whose phone number the company found invalid (a call that could not connect, a wrong person). */
export const leadPhoneMarks = pgTable(
  "lead_phone_marks",
  {
    leadId: uuid()
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    markedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId)],
);
