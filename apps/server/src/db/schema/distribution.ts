import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { buyers, niches } from "./buyers";
import { createdAt, updatedAt } from "./columns";
import { companies } from "./companies";
import { forms } from "./forms";

/**
 * A buyer's place in a form's distribution (docs/routing.md "Distribution methods"): its position in
 * the priority order (1 first), its weight, and how many of the form's leads it took under the weighted
 * method since the weights were last set (stored, so every server instance shares one count).
 */
export const formDistributionBuyers = pgTable(
  "form_distribution_buyers",
  {
    formId: uuid()
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    weight: integer().notNull().default(0),
    served: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.formId, t.buyerId] }),
    index().on(t.companyId, t.buyerId),
    check("form_distribution_buyers_position", sql`${t.position} >= 1`),
    check("form_distribution_buyers_weight", sql`${t.weight} between 0 and 1000`),
  ],
);

/** What a buyer offers per lead of a niche, in credits (the highest price method). */
export const buyerBids = pgTable(
  "buyer_bids",
  {
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    nicheId: uuid()
      .notNull()
      .references(() => niches.id, { onDelete: "cascade" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    credits: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.buyerId, t.nicheId] }),
    index().on(t.companyId, t.nicheId),
    check("buyer_bids_credits", sql`${t.credits} between 1 and 100000`),
  ],
);
