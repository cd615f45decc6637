import { randomUUID } from "node:crypto";
import type { TDeps } from "../../app-types";
import { parseHeader, parseRowLine, parseTrailer, splitLines, type TBackupHeader } from "./format";
import { LEGACY_MAX_BYTES } from "./legacy";
import { createPartWriter, deleteParts, readParts } from "./parts";
import { refuse } from "./restore-rules";
import { backupMac, sameSignature } from "./signature";

type TUploadDeps = Pick<TDeps, "storage" | "secretBox" | "config">;

/** An uploaded file, checked: one of this version (stored in parts), or an older one (in memory). */
export type TReceivedFile =
  | { version: 2; header: TBackupHeader; counts: Record<string, number>; prefix: string; parts: number }
  | { version: 1; raw: unknown };

const NEWLINE = Buffer.from("\n");
const TABLE_OF_LINE = /^\{"table":"([a-z_]+)"/;

/** The bytes as they pass, also written to the storage's parts. */
async function* tee(body: AsyncIterable<Uint8Array>, write: (chunk: Uint8Array) => Promise<void>) {
  for await (const chunk of body) {
    await write(chunk);
    yield chunk;
  }
}

/**
 * Receives an uploaded backup file as it streams: its bytes go to the storage in parts (never whole in
 * memory) while its signature is computed; returns null, keeping nothing, unless this server signed it.
 * The rows are only counted here (analysis); a restore reads them back from the parts (readUploadedRows).
 * A file of version 1 (one JSON value) is kept in memory up to LEGACY_MAX_BYTES and checked by legacy.ts.
 */
export async function receiveBackupFile(
  deps: TUploadDeps,
  body: AsyncIterable<Uint8Array>,
): Promise<TReceivedFile | null> {
  const prefix = `backup-uploads/${randomUUID()}`;
  const writer = createPartWriter(deps.storage, deps.secretBox, prefix, deps.config.storage.backupPartBytes);
  const mac = backupMac(deps.secretBox);
  const counts: Record<string, number> = {};
  let header: TBackupHeader | null = null;
  let legacy: Buffer[] | null = null;
  let legacyBytes = 0;
  let previous: Buffer | null = null;
  let kept = false;
  try {
    for await (const line of splitLines(tee(body, (chunk) => writer.write(chunk)))) {
      if (legacy) {
        legacyBytes += line.length + 1;
        if (legacyBytes > LEGACY_MAX_BYTES) return null;
        legacy.push(line, NEWLINE);
      } else if (!header) {
        header = parseHeader(line.toString("utf8"));
        if (!header) {
          legacy = [line, NEWLINE];
          legacyBytes = line.length + 1;
          if (legacyBytes > LEGACY_MAX_BYTES) return null;
        } else {
          mac.update(line);
          mac.update(NEWLINE);
        }
      } else {
        if (previous) {
          mac.update(previous);
          mac.update(NEWLINE);
          const table = TABLE_OF_LINE.exec(previous.subarray(0, 80).toString("latin1"))?.[1];
          if (!table) return null;
          counts[table] = (counts[table] ?? 0) + 1;
        }
        previous = line;
      }
    }
    if (legacy) {
      try {
        return { version: 1, raw: JSON.parse(Buffer.concat(legacy).toString("utf8")) };
      } catch {
        return null;
      }
    }
    const { parts } = await writer.finish();
    const signature = previous ? parseTrailer(previous.toString("utf8")) : null;
    if (!header || !signature || !sameSignature(signature, mac.digest())) return null;
    kept = true;
    return { version: 2, header, counts, prefix, parts };
  } finally {
    if (!kept) await writer.discard();
  }
}

/** Removes an upload's parts once the request is done with them. */
export const discardUpload = (deps: TUploadDeps, file: TReceivedFile) =>
  file.version === 2 ? deleteParts(deps.storage, file.prefix, file.parts) : Promise.resolve();

/** The upload's parts read back; one that no longer opens (changed in the storage) refuses the file. */
async function* openedParts(deps: TUploadDeps, file: Extract<TReceivedFile, { version: 2 }>) {
  try {
    yield* readParts(deps.storage, deps.secretBox, file.prefix, file.parts);
  } catch (err) {
    refuse(`a stored part of the upload no longer reads: ${(err as Error).message}`);
  }
}

/**
 * The rows of a received file of version 2, read back from its parts one part at a time. Its
 * signature is computed again as they pass (the parts could have changed since they were checked):
 * `verified()` answers, once every row has been read, whether it still holds.
 */
export function readUploadedRows(deps: TUploadDeps, file: Extract<TReceivedFile, { version: 2 }>) {
  const mac = backupMac(deps.secretBox);
  let signature: string | null = null;
  async function* rows(): AsyncGenerator<{ table: string; row: unknown }> {
    let first = true;
    let previous: Buffer | null = null;
    for await (const line of splitLines(openedParts(deps, file))) {
      if (previous) {
        mac.update(previous);
        mac.update(NEWLINE);
        if (first) first = false;
        else {
          yield parseRowLine(previous.toString("utf8")) ?? refuse("a row line malformed");
        }
      }
      previous = line;
    }
    signature = previous ? parseTrailer(previous.toString("utf8")) : null;
  }
  return { rows: rows(), verified: () => !!signature && sameSignature(signature, mac.digest()) };
}
