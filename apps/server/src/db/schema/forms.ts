import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { buyers, niches } from "./buyers";
import { createdAt, id, tz, updatedAt } from "./columns";
import { companies } from "./companies";

export const forms = pgTable(
  "forms",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text(),
    status: text({ enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    isActive: boolean().notNull().default(true),
    /** Ordered form fields; validated by the shared form schema before every write. */
    fields: jsonb().$type<unknown[]>().notNull().default([]),
    enableMultistep: boolean().notNull().default(false),
    progressPosition: text({ enum: ["top", "bottom", "none"] })
      .notNull()
      .default("top"),
    showTitle: boolean().notNull().default(true),
    showDescription: boolean().notNull().default(true),
    backgroundColor: text().notNull().default("#ffffff"),
    backgroundOpacity: integer().notNull().default(100),
    textColor: text().notNull().default("#000000"),
    accentColor: text().notNull().default("#3182ce"),
    accentOpacity: integer().notNull().default(10),
    submitButtonColor: text(),
    submitButtonPosition: text({ enum: ["left", "center", "right"] })
      .notNull()
      .default("center"),
    submitButtonWidth: text({ enum: ["default", "half", "full"] })
      .notNull()
      .default("default"),
    successMessage: text(),
    redirectBehavior: text({ enum: ["message", "redirect"] })
      .notNull()
      .default("message"),
    redirectUrl: text(),
    nicheId: uuid().references(() => niches.id, { onDelete: "set null" }),
    /** How many buyers may get full access to each lead: 1 (exclusive), 2, 3, 5 or 10. */
    saleCap: integer().notNull().default(1),
    /** Who takes a lead automatically and in what order (docs/routing.md "Distribution methods"). */
    distributionMethod: text({ enum: ["round_robin", "priority", "weighted", "highest_price"] })
      .notNull()
      .default("round_robin"),
    consentText: text(),
    /** Sites (origins such as https://www.example.com) whose pages may frame the public form. */
    embedOrigins: text().array().notNull().default(sql`'{}'::text[]`),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.companyId, t.updatedAt),
    check("forms_sale_cap_allowed", sql`${t.saleCap} in (1, 2, 3, 5, 10)`),
  ],
);

/** Restricts a form's leads to these buyers; no rows means every eligible buyer. */
export const formBuyers = pgTable(
  "form_buyers",
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
  },
  (t) => [primaryKey({ columns: [t.formId, t.buyerId] })],
);

export const formEmailRouting = pgTable("form_email_routing", {
  id: id(),
  formId: uuid()
    .notNull()
    .references(() => forms.id, { onDelete: "cascade" }),
  companyId: uuid()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  email: text().notNull(),
  city: text(),
  state: text(),
  zipCode: text(),
  radius: integer(),
  status: text({ enum: ["active", "inactive"] })
    .notNull()
    .default("active"),
  createdAt: createdAt(),
});

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    formId: uuid()
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    /** Raw answers exactly as submitted, keyed by field id. */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text(),
    /** SHA-256 of the request stored with its key: the same key with another body is refused. */
    requestHash: text(),
    /** The first answer given for this key, replayed verbatim on a retry. */
    response: jsonb(),
    ipAddress: text(),
    userAgent: text(),
    referrer: text(),
    landingPage: text(),
    utm: jsonb().$type<Record<string, string>>(),
    clickIds: jsonb().$type<Record<string, string>>(),
    consent: jsonb().$type<{ text: string; at: string; ip: string | null; page: string | null }>(),
    fillTimeMs: integer(),
    isSpam: boolean().notNull().default(false),
    spamReason: text(),
    leadId: uuid(),
    routingStatus: text({ enum: ["pending", "routed", "unrouted", "failed", "skipped"] })
      .notNull()
      .default("pending"),
    routingAttempts: integer().notNull().default(0),
    routingError: text(),
    /**
     * When the retry job may (re)route this submission. Set as a lease while routing runs, so a
     * submission whose server died mid-routing is picked up again; null once routed or given up.
     */
    routingNextAttemptAt: tz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("form_submissions_idempotency_unique").on(t.formId, t.idempotencyKey),
    index().on(t.companyId, t.createdAt),
    index().on(t.routingStatus),
    index("form_submissions_routing_due")
      .on(t.routingNextAttemptAt)
      .where(sql`${t.routingStatus} in ('pending', 'failed')`),
  ],
);
