import type { TStorage } from "../../integrations/storage";
import type { TSecretBox } from "../../lib/secret-box";
import { BACKUP_CONTENT_TYPE } from "./format";

/**
 * A backup file in the storage (local folder or S3-compatible bucket): parts of `partBytes` each,
 * named `${prefix}-00001.jsonl`, `${prefix}-00002.jsonl`, … Written and read one part at a time.
 *
 * Each part is stored encrypted (AES-256-GCM under a key derived from ENCRYPTION_KEY, the part's key
 * authenticated with it, so parts cannot be swapped): SEALED_PART_MARK, then what TSecretBox.sealBytes
 * makes. The mark starts with a zero byte, which no JSON text holds: a part stored before parts were
 * encrypted (plain JSON lines) is told apart by it and still read as it is.
 */
export const partKey = (prefix: string, n: number) => `${prefix}-${String(n).padStart(5, "0")}.jsonl`;

const PART_PURPOSE = "backup-part-v1";
export const SEALED_PART_MARK = Buffer.from("\u0000leadpost-sealed-part-1\n", "latin1");

export type TPartWriter = {
  write(data: string | Uint8Array): Promise<void>;
  /** Stores what is left; returns how many parts and (plain) bytes were written. */
  finish(): Promise<{ parts: number; bytes: number }>;
  /** Removes every part written so far (a backup that failed half-way). */
  discard(): Promise<void>;
};

export function createPartWriter(
  storage: TStorage,
  box: TSecretBox,
  prefix: string,
  partBytes: number,
): TPartWriter {
  // One buffer of a part's size, filled and reused: memory stays at one part whatever the file's size.
  let buffer: Buffer | null = null;
  let filled = 0;
  let parts = 0;
  let bytes = 0;
  const flush = async () => {
    if (!filled || !buffer) return;
    parts++;
    const key = partKey(prefix, parts);
    const sealed = box.sealBytes(PART_PURPOSE, buffer.subarray(0, filled), key);
    filled = 0;
    await storage.put(key, Buffer.concat([SEALED_PART_MARK, sealed]), BACKUP_CONTENT_TYPE);
  };
  return {
    async write(data) {
      let chunk = typeof data === "string" ? Buffer.from(data, "utf8") : data;
      bytes += chunk.byteLength;
      while (chunk.byteLength) {
        buffer ??= Buffer.allocUnsafe(partBytes);
        const n = Math.min(chunk.byteLength, partBytes - filled);
        buffer.set(chunk.subarray(0, n), filled);
        filled += n;
        chunk = chunk.subarray(n);
        if (filled === partBytes) await flush();
      }
    },
    async finish() {
      await flush();
      buffer = null;
      return { parts, bytes };
    },
    async discard() {
      buffer = null;
      filled = 0;
      await deleteParts(storage, prefix, parts);
    },
  };
}

const isSealed = (body: Uint8Array) =>
  body.byteLength >= SEALED_PART_MARK.length &&
  Buffer.from(body.buffer, body.byteOffset, SEALED_PART_MARK.length).equals(SEALED_PART_MARK);

/**
 * The parts' plain bytes in order, one part in memory at a time. A missing part, or one that does not
 * open under this server's key, ends the file with an error.
 */
export async function* readParts(
  storage: TStorage,
  box: TSecretBox,
  prefix: string,
  count: number,
): AsyncGenerator<Uint8Array> {
  for (let n = 1; n <= count; n++) {
    const key = partKey(prefix, n);
    const part = await storage.get(key);
    if (!part) throw new Error(`backup part ${key} is missing`);
    const body = part.body;
    yield isSealed(body) ? box.openBytes(PART_PURPOSE, body.subarray(SEALED_PART_MARK.length), key) : body;
  }
}

export async function deleteParts(storage: TStorage, prefix: string, count: number): Promise<void> {
  for (let n = 1; n <= count; n++) await storage.delete(partKey(prefix, n));
}
