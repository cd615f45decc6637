import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tz, updatedAt } from "./columns";

export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: text().notNull(),
    logoUrl: text(),
    adminEmail: text(),
    senderName: text(),
    senderEmail: text(),
    emailDomain: text(),
    /** US dollars one credit is worth; credits for a lead = ceil(price / this). */
    creditValueUsd: numeric({ precision: 10, scale: 2, mode: "number" }).notNull().default(1),
    subscriptionTier: text({ enum: ["free", "basic", "pro", "enterprise"] })
      .notNull()
      .default("free"),
    subscriptionStatus: text(),
    subscriptionId: text(),
    subscriptionUpdatedAt: tz(),
    trialExpiresAt: tz(),
    seats: integer().notNull().default(2),
    isSandboxMode: boolean().notNull().default(true),
    /** Set by platform admins; replaces the hard-coded exempt company of the old system. */
    isTrialExempt: boolean().notNull().default(false),
    /** Set by platform admins: the company's users see a suspended page, its forms take no leads. */
    suspendedAt: tz(),
    suspendedReason: text(),
    duplicateWindowDays: integer().notNull().default(30),
    // Public (non-secret) provider identifiers; secrets live encrypted in company_secrets.
    twilioAccountSid: text(),
    twilioWebhookBaseUrl: text(),
    /** 002 §4: the last check of the saved SID and token against Twilio's REST API, and when it ran. */
    twilioVerification: text({ enum: ["unknown", "verified", "failed"] })
      .notNull()
      .default("unknown"),
    twilioCheckedAt: tz(),
    paypalClientId: text(),
    paypalSandboxClientId: text(),
    /** Ids of the webhooks registered in the company's PayPal apps (needed to verify their signatures). */
    paypalWebhookId: text(),
    paypalSandboxWebhookId: text(),
    stripePublishableKey: text(),
    stripeTestPublishableKey: text(),
    mapboxToken: text(),
    /** Public (non-secret) key naming the company in the call-tracking script pasted into its sites. */
    dniPublicKey: text().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("companies_credit_value_positive", sql`${t.creditValueUsd} > 0`)],
);

export const COMPANY_SECRET_NAMES = [
  "resend_api_key",
  "twilio_auth_token",
  "paypal_secret_key",
  "paypal_sandbox_secret_key",
  "stripe_secret_key",
  "stripe_test_secret_key",
  "google_maps_api_key",
  /** Resend's webhook signing secret (whsec_…): proves delivery events come from Resend. */
  "resend_webhook_secret",
] as const;
export type TCompanySecretName = (typeof COMPANY_SECRET_NAMES)[number];

/** Provider secrets, AES-GCM encrypted with the server's key; only last4 ever reaches a browser. */
export const companySecrets = pgTable(
  "company_secrets",
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text({ enum: COMPANY_SECRET_NAMES }).notNull(),
    ciphertext: text().notNull(),
    last4: text().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] })],
);

export const profiles = pgTable("profiles", {
  id: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  companyId: uuid().references(() => companies.id, { onDelete: "set null" }),
  fullName: text(),
  phoneNumber: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: text({ enum: ["owner", "org_admin", "member"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.userId, t.companyId)],
);

/** Company users invited through Team settings (seats are limited by tier). */
export const teamInvitations = pgTable("team_invitations", {
  id: id(),
  companyId: uuid()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  email: text().notNull(),
  role: text({ enum: ["org_admin", "member"] }).notNull(),
  tokenHash: text().notNull().unique(),
  status: text({ enum: ["pending", "completed", "revoked"] })
    .notNull()
    .default("pending"),
  invitedBy: text().references(() => users.id, { onDelete: "set null" }),
  expiresAt: tz().notNull(),
  createdAt: createdAt(),
});

export const companyPreferences = pgTable("company_preferences", {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  country: text().notNull().default("United States"),
  currency: text().notNull().default("USD"),
  timezone: text().notNull().default("America/New_York"),
  hideCustomerName: boolean().notNull().default(false),
  hideCustomerPhone: boolean().notNull().default(false),
  hideCustomerAddress: boolean().notNull().default(false),
  updatedAt: updatedAt(),
});
