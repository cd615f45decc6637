import type { TSecretBox } from "../../src/lib/secret-box";
import { contentAsFile } from "../../src/modules/backups/legacy";
import type { TBackupContent } from "../../src/modules/backups/signature";
import { FILE_TABLE_NAMES } from "../../src/modules/backups/snapshot";

export type TBackupFileParts = TBackupContent & { signature: string };

/** A downloaded backup file (JSON lines) as { timestamp, companyId, tables, signature }. */
export function parseBackupFile(text: string): TBackupFileParts {
  const lines = text.split("\n").filter((l) => l !== "");
  const header = JSON.parse(lines[0]!) as { companyId: string; timestamp: string };
  const { signature } = JSON.parse(lines.at(-1)!) as { signature: string };
  // Every table a backup holds, empty ones too (as a file of the earlier format listed them).
  const tables: TBackupContent["tables"] = Object.fromEntries(FILE_TABLE_NAMES.map((n) => [n, []]));
  for (const line of lines.slice(1, -1)) {
    const { table, row } = JSON.parse(line) as { table: string; row: Record<string, unknown> };
    tables[table] = [...(tables[table] ?? []), row];
  }
  return { timestamp: header.timestamp, companyId: header.companyId, tables, signature };
}

/** The content as a file of the current format, signed with `box` (the server's key). */
export async function signedBackupFile(box: TSecretBox, content: TBackupContent): Promise<string> {
  let text = "";
  for await (const chunk of contentAsFile(box, content.companyId, content)) text += chunk.toString("utf8");
  return text;
}

/** The content as a file whose trailer carries `signature` (an edited file keeps its old one). */
export async function backupFileSignedAs(
  box: TSecretBox,
  content: TBackupContent,
  signature: string | null,
): Promise<string> {
  const lines = (await signedBackupFile(box, content)).split("\n").filter((l) => l !== "");
  lines.pop();
  if (signature !== null) lines.push(JSON.stringify({ signature }));
  return `${lines.join("\n")}\n`;
}
