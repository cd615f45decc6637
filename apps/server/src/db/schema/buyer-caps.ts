import { date, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { buyers } from "./buyers";
import { createdAt, updatedAt } from "./columns";
import { companies } from "./companies";
import { leads } from "./leads";

/**
 * What a buyer received in its current day, week and month and spent today, each count with the start
 * of its period in the buyer's own zone (a count of an earlier period reads as 0). One row per buyer,
 * moved by conditional upserts (decide/caps.ts), so a cap's check and its count are one statement.
 */
export const buyerLeadCounters = pgTable("buyer_lead_counters", {
  buyerId: uuid()
    .primaryKey()
    .references(() => buyers.id, { onDelete: "cascade" }),
  companyId: uuid()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  day: date({ mode: "string" }),
  dayLeads: integer().notNull().default(0),
  week: date({ mode: "string" }),
  weekLeads: integer().notNull().default(0),
  month: date({ mode: "string" }),
  monthLeads: integer().notNull().default(0),
  spendDay: date({ mode: "string" }),
  spentCredits: integer().notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * A buyer the routing of a lead skipped by a rule decided at that moment (a cap, delivery hours): the
 * derived-preview rule reads it back, so the lead never shows as that buyer's preview, even once the
 * cap's day has passed (docs/routing.md "Previews").
 */
export const buyerLeadSkips = pgTable(
  "buyer_lead_skips",
  {
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    code: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.leadId] })],
);
