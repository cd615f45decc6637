import { join } from "node:path";
import type { TConfig } from "../../lib/config";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { TStorage } from "./types";

export type { TStorage } from "./types";

/**
 * Folders of private files (a company's backups, a backup file being restored): kept in the same
 * storage as uploads but never served by the public files route. On S3, keep these prefixes out of the
 * bucket's public read (docs/operations.md).
 */
export const PRIVATE_STORAGE_FOLDERS: readonly string[] = ["backups", "backup-uploads"];

/** S3-compatible when configured, else files under DATA_DIR/uploads. */
export function createStorage(config: TConfig, fetchImpl?: typeof fetch): TStorage {
  if (config.storage.s3) return createS3Storage(config.storage.s3, fetchImpl);
  return createLocalStorage(join(config.dataDir, "uploads"));
}
