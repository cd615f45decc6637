import { PLATFORM_AUDIT_ACTIONS } from "@leadpost/shared/schemas/platform-admin";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

export { PLATFORM_AUDIT_ACTIONS };
export type TPlatformAuditAction = (typeof PLATFORM_AUDIT_ACTIONS)[number];

/**
 * What platform admins did as other users: every impersonation start and end, and every request made
 * while impersonating (allowed or refused). Append-only; user ids are kept as text without foreign keys
 * so entries outlive deleted accounts.
 */
export const platformAuditLog = pgTable(
  "platform_audit_log",
  {
    id: id(),
    action: text({ enum: PLATFORM_AUDIT_ACTIONS }).notNull(),
    adminUserId: text().notNull(),
    adminEmail: text(),
    targetUserId: text().notNull(),
    targetEmail: text(),
    /** The impersonation session this entry belongs to. */
    sessionId: text(),
    /** In words: what a request did ("Changed payment settings"), why an impersonation ended. */
    detail: text(),
    /** For a request made while impersonating: its method and path ("PUT /api/settings/company"). */
    request: text(),
    /** For a request made while impersonating: the status it was answered with. */
    status: integer(),
    companyId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.adminUserId),
    // migration 0027: one "ended" entry per impersonation session.
    uniqueIndex("platform_audit_log_one_end_per_session")
      .on(t.sessionId)
      .where(sql`${t.action} = 'impersonation_end'`),
  ],
);
