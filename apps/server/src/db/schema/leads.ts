import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { buyers, niches } from "./buyers";
import { createdAt, id, tz, updatedAt } from "./columns";
import { companies } from "./companies";
import { formSubmissions, forms } from "./forms";

export const leads = pgTable(
  "leads",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    formId: uuid().references(() => forms.id, { onDelete: "set null" }),
    submissionId: uuid().references(() => formSubmissions.id, { onDelete: "set null" }),
    source: text({ enum: ["form", "call", "api", "manual"] })
      .notNull()
      .default("form"),
    name: text(),
    email: text(),
    phone: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    serviceType: text().notNull().default("Not specified"),
    nicheId: uuid().references(() => niches.id, { onDelete: "set null" }),
    /** Every answer with its field label, for display and export. */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The same answers in form order with their field ids (jsonb objects do not keep key order). */
    answers: jsonb()
      .$type<{ fieldId: string; label: string; type: string; value: unknown }[]>()
      .notNull()
      .default([]),
    saleCap: integer().notNull().default(1),
    saleCount: integer().notNull().default(0),
    status: text({ enum: ["new", "routed", "unrouted", "sold_out"] })
      .notNull()
      .default("new"),
    isDuplicate: boolean().notNull().default(false),
    /** Posted with a sandbox API key: kept for the integrator to see, never routed. */
    isTest: boolean().notNull().default(false),
    duplicateOfLeadId: uuid(),
    routedAt: tz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's order (newest first, then id) and its keyset cursor; the counts per status index-only
    // (migration 0043).
    index().on(t.companyId, t.createdAt, t.id),
    index().on(t.companyId, t.isTest, t.status),
    // The accept path's duplicate lookup: the earliest lead with this contact since (migration 0024).
    index().on(t.companyId, t.email, t.createdAt),
    index().on(t.companyId, t.phone, t.createdAt),
    // The leads list's search (leads/filters.ts: a part of the name, e-mail, phone, city or ZIP, ILIKE
    // '%…%'): one trigram index over the five columns, each column's condition a scan of it (migration 0044).
    index("leads_search_trigram").using(
      "gin",
      t.name.op("gin_trgm_ops"),
      t.email.op("gin_trgm_ops"),
      t.phone.op("gin_trgm_ops"),
      t.city.op("gin_trgm_ops"),
      t.zipCode.op("gin_trgm_ops"),
    ),
    // Deleting a form or its submissions sets these to null: without an index, a scan of all leads.
    index().on(t.formId),
    index().on(t.submissionId),
    // The leads near a buyer (its derived previews, lead-distribution/previews), like buyers_service_area_box.
    index("leads_location_point")
      .using("gist", sql`point(${t.longitude}, ${t.latitude})`)
      .where(sql`${t.latitude} is not null and ${t.longitude} is not null`),
    check("leads_sale_count_within_cap", sql`${t.saleCount} >= 0 and ${t.saleCount} <= ${t.saleCap}`),
  ],
);

/** One reason of a routing decision: a buyer considered, an e-mail entry or a closing summary line. */
export type TRoutingReason = {
  buyerId: string | null;
  matched: boolean;
  reason: string;
  distanceMiles: number | null;
  outcome: "full_access" | "preview" | "email" | "none";
  /** When it was added, if not with the decision itself (a manual assignment later on). */
  at?: string;
};

/**
 * Why each buyer was or was not matched for a lead, shown on the lead detail: one row per lead with
 * the reasons in the order shown (migration 0018), so routing a lead near many buyers writes one row.
 */
export const leadRoutingDecisions = pgTable(
  "lead_routing_decisions",
  {
    leadId: uuid()
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    reasons: jsonb().$type<TRoutingReason[]>().notNull().default([]),
    decidedAt: tz().notNull().defaultNow(),
  },
  (t) => [index().on(t.companyId)],
);

/**
 * The new-lead notices a routing owes (migration 0021): written by the routing's own statement, one row
 * per lead with the buyers it reached; the notice job renders their e-mails and deletes the row in the
 * statement that stores them, so each notice is stored once (modules/lead-distribution/notices/new-lead-notice.ts).
 */
export const newLeadNotices = pgTable(
  "new_lead_notices",
  {
    leadId: uuid()
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    buyerIds: uuid().array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

/**
 * A preview the buyer deleted from its list: previews are derived on read (lead-distribution/previews), so
 * a deletion is remembered as a row of its own.
 */
export const buyerLeadDismissals = pgTable(
  "buyer_lead_dismissals",
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.leadId] }), index().on(t.leadId)],
);

/** A buyer's copy of a lead: a preview until unlocked, then full access with a small CRM. */
export const buyerLeads = pgTable(
  "buyer_leads",
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
    isPreview: boolean().notNull().default(true),
    acquiredVia: text({ enum: ["all_you_can_eat", "prepaid", "credits", "manual"] }),
    creditsSpent: integer().notNull().default(0),
    crmStatus: text({ enum: ["new", "contacted", "qualified", "converted", "lost"] })
      .notNull()
      .default("new"),
    notes: text(),
    unlockedAt: tz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.buyerId, t.leadId),
    index().on(t.companyId, t.buyerId, t.isPreview),
    // A lead's holders (lead detail) and the cascade when a lead is deleted.
    index().on(t.leadId),
  ],
);

export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    channel: text({ enum: ["email", "webhook"] }).notNull(),
    target: text().notNull(),
    status: text({ enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    meta: jsonb(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.leadId)],
);
