import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

export const PLATFORM_AUDIT_ACTIONS = [
  "impersonation_start",
  "impersonation_end",
  "impersonation_refused",
  "company_trial_extended",
  "company_trial_exempt_changed",
  "company_tier_changed",
  "company_suspended",
  "company_reinstated",
] as const;
export type TPlatformAuditAction = (typeof PLATFORM_AUDIT_ACTIONS)[number];

/**
 * What platform admins did as other users: every impersonation start and end, and every action refused
 * while impersonating. Append-only; user ids are kept as text without foreign keys so entries outlive
 * deleted accounts.
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
    /** For a refused action: the request (method and path). */
    detail: text(),
    companyId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt), index().on(t.adminUserId)],
);
