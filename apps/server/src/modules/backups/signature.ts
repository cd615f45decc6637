import { timingSafeEqual } from "node:crypto";
import type { TSecretBox } from "../../lib/secret-box";

/** The purpose a backup's signature is made for (its key is derived from the server key by it). */
const PURPOSE = "backup-file-v1";
/** The purpose of the signature of a file of version 2 (format.ts): the HMAC of its bytes. */
export const BACKUP_MAC_PURPOSE = "backup-file-v2";

/** The signature of a version 2 file, computed as its lines pass (every byte before the trailer). */
export const backupMac = (box: TSecretBox) => box.macStream(BACKUP_MAC_PURPOSE);

/** Compares two signatures in constant time. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// A file of version 1 (before 2026-11) was one JSON value, signed over its canonical JSON below. Such
// files are still read (legacy.ts), up to LEGACY_MAX_BYTES.

export type TBackupContent = {
  timestamp: string;
  companyId: string;
  tables: Record<string, Record<string, unknown>[]>;
};
export type TSignedBackup = TBackupContent & { signature: string };

/**
 * JSON with every object's keys sorted: the same rows give the same text whichever order a tool
 * wrote their keys in, so a file re-saved by an editor still verifies while any changed value does not.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** What is signed: the company, the time and the content; a file for another company never verifies. */
const signedText = (companyId: string, timestamp: string, tables: unknown) =>
  `${companyId}\n${timestamp}\n${canonicalJson(tables)}`;

export function signBackup(box: TSecretBox, content: TBackupContent): TSignedBackup {
  const signature = box.mac(PURPOSE, signedText(content.companyId, content.timestamp, content.tables));
  return { ...content, signature };
}

/**
 * True only for a file this server signed for `companyId`, unchanged since: read before anything of
 * the file is (an unsigned file of an older version is refused like an edited one).
 */
export function isSignedFor(box: TSecretBox, raw: unknown, companyId: string): boolean {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return false;
  const file = raw as Record<string, unknown>;
  if (typeof file.signature !== "string" || typeof file.timestamp !== "string") return false;
  if (file.companyId !== undefined && file.companyId !== companyId) return false;
  if (!file.tables || typeof file.tables !== "object") return false;
  return sameSignature(file.signature, box.mac(PURPOSE, signedText(companyId, file.timestamp, file.tables)));
}
