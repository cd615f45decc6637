import { getTableColumns, getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";

/**
 * Company tables a backup does not hold and a restore never writes nor removes: identities and roles
 * (users outlive a restore), sealed secrets and API keys (a downloaded file must not carry them),
 * invitations (their token hashes make accounts: a restore must never create one), subscription
 * billing kept by PayPal, audit and logs (the platform's audit log, sign-ins, webhooks), the e-mail log
 * (it holds reset links and sign-in codes, and grows by every new-lead notice), notices waiting for
 * their job or a buyer's digest, and the buyers' notice windows (a restore must not send them again), the records of stored files (their keys name objects
 * in the bucket, which a restore neither brings back nor may point at), the backups themselves, and
 * lead delivery (docs/lead-delivery.md): endpoints hold sealed signing secrets, deliveries are a log,
 * and the buyers' cap counters (docs/routing.md "Caps, delivery hours and pauses": today's bookkeeping,
 * which a restore must not roll back under a buyer that received leads since).
 */
const EXCLUDED = new Set([
  "company_secrets",
  "api_keys",
  "user_roles",
  "profiles",
  "team_invitations",
  "buyer_invitations",
  "platform_audit_log",
  "stored_files",
  "auth_events",
  "subscriptions",
  "subscription_payments",
  "payment_webhook_events",
  "idempotency_keys",
  "email_messages",
  "new_lead_notices",
  "buyer_notice_windows",
  "new_lead_digest_items",
  "backups",
  "delivery_endpoints",
  "endpoint_deliveries",
  "endpoint_delivery_attempts",
  "buyer_lead_counters",
]);

export type TBackupTable = { name: string; table: PgTable; dateColumns: string[] };

/** Every table with a company_id that a backup holds, parents before children (insert order). */
export const BACKUP_TABLES: TBackupTable[] = (() => {
  const tables = (Object.values(schema) as unknown[]).filter(
    (t): t is PgTable => is(t, PgTable) && "companyId" in getTableColumns(t),
  );
  const chosen = new Map(
    tables.filter((t) => !EXCLUDED.has(getTableName(t))).map((t) => [getTableName(t), t] as const),
  );
  const ordered: TBackupTable[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !chosen.has(name)) return;
    seen.add(name);
    const table = chosen.get(name)!;
    for (const fk of getTableConfig(table).foreignKeys) visit(getTableName(fk.reference().foreignTable));
    const dateColumns = Object.entries(getTableColumns(table))
      .filter(([, c]) => c.dataType === "date" || c.dataType.startsWith("object date"))
      .map(([key]) => key);
    ordered.push({ name, table, dateColumns });
  };
  for (const name of [...chosen.keys()].sort()) visit(name);
  return ordered;
})();

/** 002 §4: the kind shown for a backup comes from its file name. */
export const backupKind = (fileName: string) =>
  fileName.includes("backup_") ? "scheduled" : fileName.includes("restore_") ? "restore" : "manual";
