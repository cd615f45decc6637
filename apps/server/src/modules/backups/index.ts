export { runDueDailyBackups } from "./daily";
export { BACKUP_MAX_BYTES, BACKUP_UPLOAD_PATHS, registerBackupRoutes } from "./routes";
