import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { TAppEnv, TDeps } from "../../app-types";
import { storedFiles } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { errorResponse } from "../../plugins/errors";

/** What a kind of upload accepts (form images, the company logo, voicemail greetings). */
export type TUploadKind = {
  /** The storage folder, also the `stored_files.bucket`. */
  bucket: string;
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** The file's real kind from its first bytes; null when it is not one this upload takes. */
  sniff: (bytes: Uint8Array) => { ext: string; type: string } | null;
  /** The stored name's extension; the detected kind's by default. */
  extension?: (fileName: string, detected: { ext: string; type: string }) => string;
  notAccepted: () => AppError;
  tooLarge: () => AppError;
  /** The text a user reads when the storage refused the file. */
  failed: string;
};

/**
 * The request body limit in front of an upload route: room for the multipart envelope around the
 * largest file (the file itself is checked exactly by `storeUpload`), answered like a too-large file.
 */
export function uploadBodyLimit(kind: TUploadKind): MiddlewareHandler<TAppEnv> {
  return bodyLimit({
    maxSize: kind.maxBytes + 64 * 1024,
    onError: (c) => {
      const err = kind.tooLarge();
      return errorResponse(c, err.code, err.message, err.fields);
    },
  });
}

/**
 * Reads the multipart `file` field, checks its size and real kind, stores it and records it in
 * `stored_files` for the company (so the cleanup job can find it once nothing references it).
 */
export async function storeUpload(
  c: Context<TAppEnv>,
  deps: Pick<TDeps, "storage" | "database">,
  owner: { companyId: string; userId: string },
  kind: TUploadKind,
): Promise<{ key: string; url: string }> {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const file = form.file;
  if (!(file instanceof File)) throw kind.notAccepted();
  if (file.size > kind.maxBytes) throw kind.tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = kind.sniff(bytes);
  if (!detected) throw kind.notAccepted();

  const ext = kind.extension ? kind.extension(file.name, detected) : detected.ext;
  const key = `${kind.bucket}/${randomUUID()}.${ext}`;
  try {
    await deps.storage.put(key, bytes, detected.type);
  } catch (err) {
    c.get("log").error({ err, key }, `${kind.bucket} upload failed`);
    throw new AppError("STORAGE_FAILED", kind.failed);
  }
  await deps.database.db.insert(storedFiles).values({
    companyId: owner.companyId,
    bucket: kind.bucket,
    key,
    contentType: detected.type,
    sizeBytes: bytes.length,
    createdBy: owner.userId,
  });
  return { key, url: deps.storage.publicUrl(key) };
}
