import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";

/**
 * Platform-wide settings that platform admins manage (e.g. the platform's own PayPal apps that bill
 * subscriptions). Non-secret parts in `value`; the secret, if any, sealed like company secrets.
 */
export const platformSettings = pgTable("platform_settings", {
  /** e.g. `paypal.live`, `paypal.sandbox`. */
  key: text().primaryKey(),
  value: jsonb().$type<Record<string, string | null>>().notNull().default({}),
  secretCiphertext: text(),
  secretLast4: text(),
  updatedAt: updatedAt(),
});
