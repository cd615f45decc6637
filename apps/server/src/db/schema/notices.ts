import { boolean, index, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { buyers } from "./buyers";
import { createdAt } from "./columns";
import { companies } from "./companies";
import { leads } from "./leads";

/**
 * A buyer's new-lead notice window (docs/routing.md "New-lead notices"): opened by the e-mail of one
 * lead; the leads that reach the buyer while it is open wait in new_lead_digest_items for one digest.
 */
export const buyerNoticeWindows = pgTable(
  "buyer_notice_windows",
  {
    buyerId: uuid()
      .primaryKey()
      .references(() => buyers.id, { onDelete: "cascade" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    openedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.openedAt)],
);

/** A lead that reached a buyer while its notice window was open: told in the window's digest, once. */
export const newLeadDigestItems = pgTable(
  "new_lead_digest_items",
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
    isPreview: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.leadId] })],
);
