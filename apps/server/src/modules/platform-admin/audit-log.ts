import type { TAuditLogEntry } from "@leadpost/shared";
import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { platformAuditLog, type TPlatformAuditAction, users } from "../../db/schema";

export type TAuditInput = {
  action: TPlatformAuditAction;
  adminUserId: string;
  adminEmail?: string | null;
  targetUserId: string;
  targetEmail?: string | null;
  sessionId?: string | null;
  detail?: string | null;
  request?: string | null;
  status?: number | null;
};

/**
 * Appends one entry; entries are never updated or deleted. A second "ended" entry for the same session
 * (its end noticed twice at once) is dropped by the unique index of migration 0027.
 */
export async function recordPlatformAudit(db: Db, input: TAuditInput): Promise<void> {
  await db
    .insert(platformAuditLog)
    .values({
      action: input.action,
      adminUserId: input.adminUserId,
      adminEmail: input.adminEmail ?? null,
      targetUserId: input.targetUserId,
      targetEmail: input.targetEmail ?? null,
      sessionId: input.sessionId ?? null,
      detail: input.detail ?? null,
      request: input.request ?? null,
      status: input.status ?? null,
    })
    .onConflictDoNothing();
}

const AUDIT_LIMIT = 200;
const admins = alias(users, "admins");
const targets = alias(users, "targets");

/** The newest entries first; an e-mail the entry lacks is the account's current one. */
export async function listPlatformAudit(db: Db): Promise<{ items: TAuditLogEntry[] }> {
  const rows = await db
    .select({ entry: platformAuditLog, adminEmail: admins.email, targetEmail: targets.email })
    .from(platformAuditLog)
    .leftJoin(admins, eq(admins.id, platformAuditLog.adminUserId))
    .leftJoin(targets, eq(targets.id, platformAuditLog.targetUserId))
    .orderBy(desc(platformAuditLog.createdAt), desc(platformAuditLog.id))
    .limit(AUDIT_LIMIT);
  return {
    items: rows.map(({ entry: r, adminEmail, targetEmail }) => ({
      id: r.id,
      action: r.action,
      adminUserId: r.adminUserId,
      adminEmail: r.adminEmail ?? adminEmail,
      targetUserId: r.targetUserId,
      targetEmail: r.targetEmail ?? targetEmail,
      detail: r.detail,
      request: r.request,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
