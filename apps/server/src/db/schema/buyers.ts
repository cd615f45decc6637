import type { TDeliveryHours } from "@leadpost/shared";
import type { TLeadFilter } from "@leadpost/shared/domain/lead-filters";
import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tz, updatedAt } from "./columns";
import { companies } from "./companies";

export const niches = pgTable(
  "niches",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** Default price per lead in USD when a buyer has no cost per lead of its own. */
    price: numeric({ precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("niches_company_name_unique").on(t.companyId, sql`lower(${t.name})`),
    check("niches_price_non_negative", sql`${t.price} >= 0`),
  ],
);

/**
 * The bounding box (degrees, as a point-pair `box`) of a buyer's service area: routing finds the
 * buyers whose box holds the lead through a GiST index, then checks the exact distance. Generous on
 * purpose (68.7 mi per degree, the widest latitude of the box); mirrors serviceBox in shared routing.
 */
export function serviceAreaBox(c: { latitude: unknown; longitude: unknown; serviceRadius: unknown }): SQL {
  const dLat = sql`(${c.serviceRadius}::float8 / 68.7)`;
  const dLng = sql`(${c.serviceRadius}::float8 / (68.7 * greatest(cos(radians(least(89::float8, abs(${c.latitude}) + ${dLat}))), 0.01::float8)))`;
  return sql`box(point(${c.longitude} - ${dLng}, ${c.latitude} - ${dLat}), point(${c.longitude} + ${dLng}, ${c.latitude} + ${dLat}))`;
}

/**
 * Great-circle (haversine) miles between two places, in SQL: the shared distanceMiles (geo.ts) term for
 * term, so routing, previews and assignment agree with it. Null when a coordinate is null.
 */
export function greatCircleMiles(
  a: { latitude: unknown; longitude: unknown },
  b: { latitude: unknown; longitude: unknown },
): SQL<number> {
  return sql<number>`(2 * 3958.7613 * asin(least(1::float8, sqrt(
    power(sin(radians(${b.latitude} - ${a.latitude}) / 2), 2)
    + cos(radians(${a.latitude})) * cos(radians(${b.latitude}))
      * power(sin(radians(${b.longitude} - ${a.longitude}) / 2), 2)))))`;
}

export const buyers = pgTable(
  "buyers",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Null until the buyer has an account. */
    userId: text().references(() => users.id, { onDelete: "set null" }),
    email: text().notNull(),
    contactName: text().notNull(),
    companyName: text(),
    phoneNumber: text(),
    address: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    /** Centroid of zip_code, filled when the zip is geocoded. */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    serviceRadius: integer().notNull().default(50),
    serviceType: text(),
    nicheId: uuid().references(() => niches.id, { onDelete: "restrict" }),
    status: text({ enum: ["pending", "active", "inactive"] })
      .notNull()
      .default("pending"),
    source: text({ enum: ["manual", "invitation", "application"] })
      .notNull()
      .default("manual"),
    allYouCanEatEnabled: boolean().notNull().default(false),
    costPerLead: numeric({ precision: 10, scale: 2, mode: "number" }),
    prepaidLeadsTotal: integer().notNull().default(0),
    prepaidLeadsRemaining: integer().notNull().default(0),
    /** Cached sum of the buyer's credit ledger; the ledger is the truth. */
    creditBalance: integer().notNull().default(0),
    /** Round-robin fairness: least recently served buyer gets full access first. */
    lastServedAt: tz(),
    /** Caps and schedules (docs/routing.md "Caps, delivery hours and pauses"), in the buyer's own zone. */
    dailyCap: integer(),
    monthlyCap: integer(),
    weeklyCap: integer(),
    /** Credits the buyer may spend per day (its own day). */
    spendCapCredits: integer(),
    /** The buyer's IANA time zone: its day ends at its midnight, its week starts Monday. */
    timeZone: text().notNull().default("America/New_York"),
    /** Seven windows, Monday first (TDeliveryHours); null delivers at any hour. */
    deliveryHours: jsonb().$type<TDeliveryHours>(),
    /** Paused indefinitely (isPaused), or until this moment (pausedUntil). */
    isPaused: boolean().notNull().default(false),
    pausedUntil: tz(),
    /** Conditions on a lead's answers, all of which must hold (domain/lead-filters.ts). */
    leadFilters: jsonb().$type<TLeadFilter[]>().notNull().default([]),
    /**
     * When the buyer first became active (set by a trigger, db/functions/leadpost_buyer_receives_leads_since.sql): leads routed since then
     * are its previews, older ones never.
     */
    receivesLeadsSince: tz(),
    deletedAt: tz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.companyId, t.status),
    index().on(t.userId),
    index("buyers_service_area_box").using("gist", serviceAreaBox(t)),
    uniqueIndex("buyers_company_email_niche_unique")
      .on(t.companyId, sql`lower(${t.email})`, sql`coalesce(${t.nicheId}::text, '')`)
      .where(sql`${t.deletedAt} is null`),
    check("buyers_radius_range", sql`${t.serviceRadius} between 1 and 500`),
    check("buyers_credit_balance_non_negative", sql`${t.creditBalance} >= 0`),
    check(
      "buyers_prepaid_range",
      sql`${t.prepaidLeadsRemaining} >= 0 and ${t.prepaidLeadsRemaining} <= ${t.prepaidLeadsTotal}`,
    ),
    check("buyers_cost_non_negative", sql`${t.costPerLead} is null or ${t.costPerLead} >= 0`),
    check(
      "buyers_caps_non_negative",
      sql`coalesce(${t.dailyCap}, 0) >= 0 and coalesce(${t.weeklyCap}, 0) >= 0 and coalesce(${t.monthlyCap}, 0) >= 0 and coalesce(${t.spendCapCredits}, 0) >= 0`,
    ),
  ],
);

export const buyerInvitations = pgTable(
  "buyer_invitations",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    buyerId: uuid()
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    email: text().notNull(),
    /** SHA-256 of the single-use token; the token itself only travels in the e-mail. */
    tokenHash: text().notNull().unique(),
    status: text({ enum: ["pending", "completed", "revoked", "declined"] })
      .notNull()
      .default("pending"),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    expiresAt: tz().notNull(),
    completedAt: tz(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.buyerId)],
);
