/**
 * The backup file (version 2): JSON lines, written and read one line at a time so that no step holds
 * more than one row of a company in memory.
 *
 *   {"format":"leadpost-backup","version":2,"companyId":"…","timestamp":"…"}     the header
 *   {"table":"leads","row":{…}}                                                  one line per row
 *   {"signature":"…"}                                                            the trailer
 *
 * The signature is the server's HMAC (purpose BACKUP_MAC_PURPOSE, signature.ts) of every byte before
 * the trailer, newlines included: any edited byte, a line added or removed, another company's header,
 * all fail it. Rows are as the server reads them (drizzle's property names, timestamps as ISO strings).
 */
export const BACKUP_FORMAT = "leadpost-backup";
export const BACKUP_FORMAT_VERSION = 2;
export const BACKUP_CONTENT_TYPE = "application/x-ndjson";

export type TBackupHeader = { format: string; version: number; companyId: string; timestamp: string };

export const headerLine = (companyId: string, timestamp: string) =>
  `${JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_FORMAT_VERSION, companyId, timestamp })}\n`;

/** `rowJson` is the row's JSON text as PostgreSQL or JSON.stringify wrote it. */
export const rowLine = (table: string, rowJson: string) =>
  `{"table":${JSON.stringify(table)},"row":${rowJson}}\n`;

export const trailerLine = (signature: string) => `${JSON.stringify({ signature })}\n`;

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

/** The header, or null when the line is not one of this version (an older file, or not a backup). */
export function parseHeader(line: string): TBackupHeader | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject(value) || value.format !== BACKUP_FORMAT || value.version !== BACKUP_FORMAT_VERSION)
    return null;
  if (typeof value.companyId !== "string" || typeof value.timestamp !== "string") return null;
  return value as TBackupHeader;
}

/** A row line as { table, row }, or null when malformed. */
export function parseRowLine(line: string): { table: string; row: unknown } | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.table !== "string" || !("row" in value)) return null;
  return { table: value.table, row: value.row };
}

export function parseTrailer(line: string): string | null {
  try {
    const value: unknown = JSON.parse(line);
    return isObject(value) && typeof value.signature === "string" ? value.signature : null;
  } catch {
    return null;
  }
}

/**
 * Splits a stream of bytes into lines (without their "\n"), each a Buffer; a line is held only until
 * its end arrives, so memory follows the longest row, not the file.
 */
export async function* splitLines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  for await (const chunk of chunks) {
    const buf = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      const piece = buf.subarray(start, nl);
      yield pending.length ? Buffer.concat([...pending, piece]) : piece;
      pending = [];
      start = nl + 1;
    }
    if (start < buf.length) pending.push(Buffer.from(buf.subarray(start)));
  }
  if (pending.length) yield Buffer.concat(pending);
}
