/** Backups and restores of one company's data: signed files, daily backups, the restore rules. */
export { runDueDailyBackups } from "./daily";
export { BACKUP_UPLOAD_PATHS, registerBackupRoutes } from "./routes";
