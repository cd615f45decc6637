import type { TStorage } from "../../integrations/storage";
import { BACKUP_CONTENT_TYPE } from "./format";

/**
 * A backup file in the storage (local folder or S3-compatible bucket): parts of about `partBytes`
 * each, named `${prefix}-00001.jsonl`, `${prefix}-00002.jsonl`, … Written and read one part at a time.
 */
export const partKey = (prefix: string, n: number) => `${prefix}-${String(n).padStart(5, "0")}.jsonl`;

export type TPartWriter = {
  write(data: string | Uint8Array): Promise<void>;
  /** Stores what is left; returns how many parts and bytes were written. */
  finish(): Promise<{ parts: number; bytes: number }>;
  /** Removes every part written so far (a backup that failed half-way). */
  discard(): Promise<void>;
};

export function createPartWriter(storage: TStorage, prefix: string, partBytes: number): TPartWriter {
  let buffered: Buffer[] = [];
  let bufferedBytes = 0;
  let parts = 0;
  let bytes = 0;
  const flush = async () => {
    if (!bufferedBytes) return;
    const body = Buffer.concat(buffered);
    buffered = [];
    bufferedBytes = 0;
    parts++;
    await storage.put(partKey(prefix, parts), body, BACKUP_CONTENT_TYPE);
  };
  return {
    async write(data) {
      const buf = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
      buffered.push(buf);
      bufferedBytes += buf.length;
      bytes += buf.length;
      if (bufferedBytes >= partBytes) await flush();
    },
    async finish() {
      await flush();
      return { parts, bytes };
    },
    async discard() {
      buffered = [];
      bufferedBytes = 0;
      await deleteParts(storage, prefix, parts);
    },
  };
}

/** The parts' bytes in order, one part in memory at a time. A missing part ends the file with an error. */
export async function* readParts(
  storage: TStorage,
  prefix: string,
  count: number,
): AsyncGenerator<Uint8Array> {
  for (let n = 1; n <= count; n++) {
    const part = await storage.get(partKey(prefix, n));
    if (!part) throw new Error(`backup part ${partKey(prefix, n)} is missing`);
    yield part.body;
  }
}

export async function deleteParts(storage: TStorage, prefix: string, count: number): Promise<void> {
  for (let n = 1; n <= count; n++) await storage.delete(partKey(prefix, n));
}
