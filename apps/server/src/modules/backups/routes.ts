import { createRoute, z } from "@hono/zod-openapi";
import {
  SETTINGS_MESSAGES,
  ZBackupAnalysisSchema,
  ZBackupListSchema,
  ZBackupSchema,
  ZRestoreResultSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { companyContext } from "../../plugins/tenant";
import { analyseBackup, createBackup, downloadBackup, listBackups, restoreBackup } from "./service";

const BASE = "/api/settings/backups";
/** The routes that take a whole backup file: app.ts gives them BACKUP_MAX_BYTES instead of 1 MiB. */
export const BACKUP_UPLOAD_PATHS: readonly string[] = [`${BASE}/analyse`, `${BASE}/restore`];
/** The largest backup file a restore takes (the file is read whole, then checked row by row). */
export const BACKUP_MAX_BYTES = 64 * 1024 * 1024;
const tags = ["Settings"];
const denied = { 401: apiError("Not signed in"), 403: apiError(SETTINGS_MESSAGES.ACCESS_DENIED) };
/** The file as uploaded; its shape is checked by the service so the answer names the problem. */
const ZFileBody = z
  .unknown()
  .openapi({ description: "A backup file as downloaded: { timestamp, companyId, tables, signature }" });

const listRoute = createRoute({
  method: "get",
  path: BASE,
  tags,
  summary: "Backup history (newest 50)",
  responses: { 200: jsonContent(ZBackupListSchema, "Backups"), ...denied },
});
const createBackupRoute = createRoute({
  method: "post",
  path: BASE,
  tags,
  summary: "Create Backup Now",
  responses: { 201: jsonContent(ZBackupSchema, "Created"), ...denied },
});
const downloadRoute = createRoute({
  method: "get",
  path: `${BASE}/download`,
  tags,
  summary: "Download a backup file (the latest unless an id is given)",
  request: { query: z.object({ id: z.uuid().optional() }) },
  responses: {
    200: { description: "The backup JSON", content: { "application/json": { schema: ZFileBody } } },
    ...denied,
    404: apiError("No Backups Found"),
  },
});
const analyseRoute = createRoute({
  method: "post",
  path: `${BASE}/analyse`,
  tags,
  summary: "Restore step one: what a backup file holds (rows per table)",
  request: { body: jsonBody(ZFileBody) },
  responses: {
    200: jsonContent(ZBackupAnalysisSchema, "Analysis"),
    ...denied,
    413: apiError("The backup file is too large."),
    422: apiError("Invalid backup file format"),
  },
});
const restoreRoute = createRoute({
  method: "post",
  path: `${BASE}/restore`,
  tags,
  summary:
    "Restore step two: replace the company's data with the file's, in one transaction (only a file this server signed for the company)",
  request: { body: jsonBody(ZFileBody) },
  responses: {
    200: jsonContent(ZRestoreResultSchema, "Restored"),
    ...denied,
    413: apiError("The backup file is too large."),
    422: apiError("Invalid backup file format"),
  },
});

/** Under /api/settings: owner and org admin only (guarded there). */
export function registerBackupRoutes(app: TApp, deps: TDeps) {
  app.openapi(listRoute, async (c) => c.json(await listBackups(deps, companyContext(c)), 200));
  app.openapi(createBackupRoute, async (c) => c.json(await createBackup(deps, companyContext(c)), 201));
  app.openapi(downloadRoute, async (c) => {
    const file = await downloadBackup(deps, companyContext(c), c.req.valid("query").id);
    c.header("Content-Disposition", `attachment; filename="${file.fileName}"`);
    return c.json(file.content as Record<string, unknown>, 200);
  });
  app.openapi(analyseRoute, async (c) =>
    c.json(analyseBackup(deps, companyContext(c), await c.req.json()), 200),
  );
  app.openapi(restoreRoute, async (c) =>
    c.json(await restoreBackup(deps, companyContext(c), await c.req.json(), c.get("log")), 200),
  );
}
