import { ZBackupFileSchema } from "@leadpost/shared";
import type { TSecretBox } from "../../lib/secret-box";
import { headerLine, rowLine, trailerLine } from "./format";
import { backupMac, isSignedFor, type TBackupContent } from "./signature";
import { FILE_TABLE_NAMES } from "./snapshot";

/**
 * Files of version 1 (one JSON value { timestamp, companyId, tables, signature }, before 2026-11) are
 * still read, as they always were: whole, up to the size that version accepted. Backups stored by that
 * version (the `content` column) are downloaded in the current format.
 */
export const LEGACY_MAX_BYTES = 64 * 1024 * 1024;

/** The company a version-1 file was signed for by this server (`companyId` first), or null. */
export function legacySignedFor(box: TSecretBox, raw: unknown, companyId: string): string | null {
  if (isSignedFor(box, raw, companyId)) return companyId;
  const claimed = (raw as { companyId?: unknown } | null)?.companyId;
  return typeof claimed === "string" && isSignedFor(box, raw, claimed) ? claimed : null;
}

/** A signed version-1 file's content, or null when its shape is not a backup's. */
export function legacyContent(raw: unknown): TBackupContent | null {
  const parsed = ZBackupFileSchema.safeParse(raw);
  return parsed.success ? (parsed.data as TBackupContent) : null;
}

/** The rows of a version-1 file's tables, the company's row first, as a file of version 2 lists them. */
export async function* legacyRows(
  content: Pick<TBackupContent, "tables">,
  order: readonly string[],
): AsyncGenerator<{ table: string; row: unknown }> {
  const names = [
    ...order.filter((n) => n in content.tables),
    ...Object.keys(content.tables).filter((n) => !order.includes(n)),
  ];
  for (const table of names) for (const row of content.tables[table]!) yield { table, row };
}

/** Tables held in memory (a backup stored by an earlier version) as a signed file of the current format. */
export async function* contentAsFile(
  box: TSecretBox,
  companyId: string,
  content: Pick<TBackupContent, "timestamp" | "tables">,
): AsyncGenerator<Buffer> {
  const mac = backupMac(box);
  const line = (text: string) => {
    mac.update(text);
    return Buffer.from(text, "utf8");
  };
  yield line(headerLine(companyId, content.timestamp));
  for await (const { table, row } of legacyRows(content, FILE_TABLE_NAMES)) {
    yield line(rowLine(table, JSON.stringify(row)));
  }
  yield Buffer.from(trailerLine(mac.digest()), "utf8");
}
