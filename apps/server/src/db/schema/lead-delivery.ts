import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { buyers } from "./buyers";
import { createdAt, id, tz, updatedAt } from "./columns";
import { companies } from "./companies";
import { leads } from "./leads";

/** A buyer's own system that receives its leads by HTTPS POST (modules/lead-delivery). */
export const deliveryEndpoints = pgTable(
  "delivery_endpoints",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    url: text().notNull(),
    format: text({ enum: ["json", "form"] })
      .notNull()
      .default("json"),
    fieldMap: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The HMAC signing secret, sealed (lib/secret-box.ts); only its last four leave the server. */
    secretCiphertext: text().notNull(),
    secretLast4: text().notNull(),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.companyId, t.buyerId)],
);

/**
 * One lead (or test lead) for one endpoint: its id is the delivery id header, the same on every
 * attempt. A lead is delivered to an endpoint once (the unique index); test deliveries have no lead.
 */
export const endpointDeliveries = pgTable(
  "endpoint_deliveries",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    endpointId: uuid().references(() => deliveryEndpoints.id, { onDelete: "set null" }),
    leadId: uuid().references(() => leads.id, { onDelete: "cascade" }),
    isTest: boolean().notNull().default(false),
    /** The endpoint as it was when the delivery was made: the log outlives an edited or deleted endpoint. */
    endpointName: text().notNull(),
    url: text().notNull(),
    status: text({ enum: ["pending", "sending", "retrying", "accepted", "rejected", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    reason: text(),
    /** Set while an attempt runs: a claim older than the timeout belongs to a worker that died. */
    claimedAt: tz(),
    completedAt: tz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("endpoint_deliveries_endpoint_lead_unique").on(t.endpointId, t.leadId),
    index().on(t.leadId),
    index().on(t.companyId, t.buyerId),
    index("endpoint_deliveries_open_idx")
      .on(t.updatedAt)
      .where(sql`status in ('pending', 'retrying', 'sending')`),
  ],
);

/** Every HTTP attempt of a delivery, with the buyer's answer (its first bytes). */
export const endpointDeliveryAttempts = pgTable(
  "endpoint_delivery_attempts",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    deliveryId: uuid()
      .notNull()
      .references(() => endpointDeliveries.id, { onDelete: "cascade" }),
    attempt: integer().notNull(),
    startedAt: tz().notNull(),
    durationMs: integer().notNull(),
    statusCode: integer(),
    outcome: text({ enum: ["accepted", "rejected", "error", "timeout", "refused"] }).notNull(),
    reason: text(),
    responseExcerpt: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.deliveryId, t.attempt)],
);
