import type { TAuditLogEntry } from "@leadpost/shared";
import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { platformAuditLog, type TPlatformAuditAction } from "../../db/schema";

export type TAuditInput = {
  action: TPlatformAuditAction;
  adminUserId: string;
  adminEmail?: string | null;
  targetUserId: string;
  targetEmail?: string | null;
  sessionId?: string | null;
  detail?: string | null;
};

/** Appends one entry; entries are never updated or deleted. */
export async function recordPlatformAudit(db: Db, input: TAuditInput): Promise<void> {
  await db.insert(platformAuditLog).values({
    action: input.action,
    adminUserId: input.adminUserId,
    adminEmail: input.adminEmail ?? null,
    targetUserId: input.targetUserId,
    targetEmail: input.targetEmail ?? null,
    sessionId: input.sessionId ?? null,
    detail: input.detail ?? null,
  });
}

const AUDIT_LIMIT = 200;

/** The newest entries first. */
export async function listPlatformAudit(db: Db): Promise<{ items: TAuditLogEntry[] }> {
  const rows = await db
    .select()
    .from(platformAuditLog)
    .orderBy(desc(platformAuditLog.createdAt), desc(platformAuditLog.id))
    .limit(AUDIT_LIMIT);
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      adminUserId: r.adminUserId,
      adminEmail: r.adminEmail,
      targetUserId: r.targetUserId,
      targetEmail: r.targetEmail,
      detail: r.detail,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
