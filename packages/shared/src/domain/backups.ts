// Company Settings' Backup tab: texts and the history's length, zod-free for the browser (schemas/settings.ts
// re-exports them).

export const BACKUP_MESSAGES = {
  CREATED: "Backup created successfully",
  FAILED: "Backup Failed",
  NONE: "No Backups Found",
  LOAD_FAILED: "Failed to load backup history",
  DOWNLOAD_FAILED: "Download Failed",
  INVALID_FILE: "Invalid File",
  INVALID_FORMAT: "Invalid backup file format",
  NO_FILE: "No File Selected",
  OTHER_COMPANY: "This backup belongs to another company and cannot be restored here.",
  RESTORED: "Backup restored successfully",
} as const;
export const BACKUP_HISTORY_LIMIT = 50;
