export { runDueDailyBackups } from "./daily";
export { BACKUP_UPLOAD_PATHS, registerBackupRoutes } from "./routes";
