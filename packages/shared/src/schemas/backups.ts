import { z } from "zod";

export const ZBackupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(["scheduled", "restore", "manual"]),
  createdAt: z.string(),
  size: z.number(),
});
export type TBackup = z.infer<typeof ZBackupSchema>;
export const ZBackupListSchema = z.object({ backups: z.array(ZBackupSchema) });

/** A backup file: the company's rows per table and when it was taken. */
export const ZBackupFileSchema = z.object({
  timestamp: z.string().min(1),
  companyId: z.string().optional(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type TBackupFile = z.infer<typeof ZBackupFileSchema>;

export const ZBackupAnalysisSchema = z.object({
  timestamp: z.string(),
  sameCompany: z.boolean(),
  tables: z.record(z.string(), z.number()),
  totalRows: z.number(),
});
export type TBackupAnalysis = z.infer<typeof ZBackupAnalysisSchema>;
export const ZRestoreResultSchema = z.object({
  restored: z.record(z.string(), z.number()),
  safetyBackup: ZBackupSchema,
});
