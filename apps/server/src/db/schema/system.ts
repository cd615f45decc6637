import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tz } from "./columns";
import { companies } from "./companies";

/** Every transactional e-mail, whichever transport sent it; the Email screen reads this log. */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: id(),
    companyId: uuid().references(() => companies.id, { onDelete: "cascade" }),
    toAddress: text().notNull(),
    fromAddress: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text(),
    kind: text().notNull(),
    transport: text({ enum: ["resend", "smtp", "mailbox"] }).notNull(),
    /** Ours up to "sent"; then Resend's delivery events (modules/email/resend-webhook.ts). */
    status: text({
      enum: ["queued", "sending", "sent", "failed", "delayed", "delivered", "bounced", "complained"],
    })
      .notNull()
      .default("queued"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** When a failed message is tried again; null once sent or given up. */
    nextAttemptAt: tz(),
    providerMessageId: text(),
    sentAt: tz(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.companyId, t.createdAt),
    index().on(t.toAddress),
    index().on(t.status, t.nextAttemptAt),
  ],
);

export const authEvents = pgTable(
  "auth_events",
  {
    id: id(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    email: text(),
    companyId: uuid().references(() => companies.id, { onDelete: "cascade" }),
    eventType: text({ enum: ["signup", "login", "logout"] }).notNull(),
    status: text({ enum: ["success", "error"] }).notNull(),
    errorMessage: text(),
    ipAddress: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId, t.createdAt)],
);

/** Answers remembered per idempotency key so a retried request replays instead of repeating. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text().notNull(),
    key: text().notNull(),
    companyId: uuid(),
    requestHash: text().notNull(),
    responseStatus: integer().notNull(),
    responseBody: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index().on(t.createdAt)],
);

/** Rate-limit windows shared by every server instance (better-auth's shape: window start in ms). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    id: text().primaryKey().default(sql`gen_random_uuid()::text`),
    key: text().notNull().unique(),
    count: integer().notNull(),
    lastRequest: bigint({ mode: "number" }).notNull(),
  },
  // The hourly purge deletes by age.
  (t) => [index().on(t.lastRequest)],
);

export const backups = pgTable(
  "backups",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text({ enum: ["scheduled", "manual"] }).notNull(),
    status: text({ enum: ["running", "completed", "failed"] }).notNull(),
    /** Where the file's parts are stored: `${storageKey}-00001.jsonl`, … (partCount of them). */
    storageKey: text(),
    partCount: integer(),
    /** backup_… (scheduled), restore_… (taken before a restore) or manual_…: the shown kind derives from it. */
    fileName: text(),
    /** A backup of an earlier version: the whole file as one JSON value ({ tables, timestamp }). */
    content: jsonb(),
    sizeBytes: bigint({ mode: "number" }),
    tableCounts: jsonb().$type<Record<string, number>>(),
    error: text(),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId, t.createdAt)],
);

export const apiKeys = pgTable("api_keys", {
  id: id(),
  companyId: uuid()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  name: text().notNull(),
  /** Sandbox keys create test leads that are never routed. */
  environment: text({ enum: ["production", "sandbox"] })
    .notNull()
    .default("production"),
  prefix: text().notNull(),
  keyHash: text().notNull().unique(),
  lastUsedAt: tz(),
  revokedAt: tz(),
  createdBy: text().references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * Uploaded files (form images, logos, voicemail greetings). A deleted company's rows stay, company_id
 * set null, for the file-cleanup job to delete the files themselves (modules/stored-files).
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: id(),
    companyId: uuid().references(() => companies.id, { onDelete: "set null" }),
    bucket: text().notNull(),
    key: text().notNull().unique(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId)],
);
