export { runDueDailyBackups } from "./daily";
export { registerBackupRoutes } from "./routes";
