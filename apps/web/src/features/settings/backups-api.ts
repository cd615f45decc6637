import { api } from "@/lib/api/typed-client";
import { schema } from "./api-schema";

// The Backup tab's calls, loaded with that tab (answers checked in development only: ./api-schema.ts).
const ZBackupAnalysisSchema = schema("ZBackupAnalysisSchema");
const ZBackupListSchema = schema("ZBackupListSchema");
const ZBackupSchema = schema("ZBackupSchema");
const ZRestoreResultSchema = schema("ZRestoreResultSchema");

export const backupKeys = ["settings", "backups"] as const;
export const fetchBackups = (signal?: AbortSignal) =>
  api.get("/api/settings/backups", { schema: ZBackupListSchema, signal });
export const createBackup = () => api.post("/api/settings/backups", { schema: ZBackupSchema });
/** The picked file is sent as it is (streamed by the browser, never read into the page). */
export const analyseBackup = (file: Blob) =>
  api.post("/api/settings/backups/analyse", { body: file, schema: ZBackupAnalysisSchema });
export const restoreBackup = (file: Blob) =>
  api.post("/api/settings/backups/restore", { body: file, schema: ZRestoreResultSchema });
