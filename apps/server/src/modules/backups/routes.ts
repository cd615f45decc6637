import { z } from "@hono/zod-openapi";
import {
  SETTINGS_MESSAGES,
  ZBackupAnalysisSchema,
  ZBackupListSchema,
  ZBackupSchema,
  ZRestoreResultSchema,
} from "@leadpost/shared";
import type { TApp, TDeps } from "../../app-types";
import { apiError, jsonContent } from "../../lib/openapi";
import { defineRoute, SETTINGS_ADMINS } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { BACKUP_CONTENT_TYPE } from "./format";
import { analyseBackup, createBackup, downloadBackup, listBackups, restoreBackup } from "./service";

const BASE = "/api/settings/backups";
/**
 * The routes that take a backup file: its bytes stream to the storage as they arrive (upload.ts), so
 * app.ts sets them no byte limit (the disk is the limit) and reads none of their body.
 */
export const BACKUP_UPLOAD_PATHS: readonly string[] = [`${BASE}/analyse`, `${BASE}/restore`];
const tags = ["Settings"];
const denied = { 403: apiError(SETTINGS_MESSAGES.ACCESS_DENIED) };
/** The file as downloaded, sent as the request's raw body; checked by the service as it streams. */
const fileBody = {
  required: true,
  content: {
    "application/octet-stream": {
      schema: z.string().openapi({
        format: "binary",
        description:
          "A backup file as downloaded (JSON lines: header, one line per row, signature), or a file of the earlier one-JSON-value format up to 64 MB",
      }),
    },
  },
};

const listRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "get",
  path: BASE,
  tags,
  summary: "Backup history (newest 50)",
  responses: { 200: jsonContent(ZBackupListSchema, "Backups"), ...denied },
});
const createBackupRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "post",
  path: BASE,
  tags,
  summary: "Create Backup Now",
  responses: { 201: jsonContent(ZBackupSchema, "Created"), ...denied },
});
const downloadRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "get",
  path: `${BASE}/download`,
  tags,
  summary: "Download a backup file (the latest unless an id is given)",
  request: { query: z.object({ id: z.uuid().optional() }) },
  responses: {
    200: {
      description: "The backup file (JSON lines), streamed",
      content: { "application/x-ndjson": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...denied,
    404: apiError("No Backups Found"),
  },
});
const analyseRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "post",
  path: `${BASE}/analyse`,
  tags,
  summary: "Restore step one: what a backup file holds (rows per table)",
  request: { body: fileBody },
  responses: {
    200: jsonContent(ZBackupAnalysisSchema, "Analysis"),
    ...denied,
    422: apiError("Invalid backup file format"),
  },
});
const restoreRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "post",
  path: `${BASE}/restore`,
  tags,
  summary:
    "Restore step two: replace the company's data with the file's, in one transaction (only a file this server signed for the company)",
  request: { body: fileBody },
  responses: {
    200: jsonContent(ZRestoreResultSchema, "Restored"),
    ...denied,
    422: apiError("Invalid backup file format"),
  },
});

/** Settings routes: owner and org admin only. */
export function registerBackupRoutes(app: TApp, deps: TDeps) {
  app.openapi(listRoute, async (c) => c.json(await listBackups(deps, companyContext(c)), 200));
  app.openapi(createBackupRoute, async (c) => c.json(await createBackup(deps, companyContext(c)), 201));
  app.openapi(downloadRoute, async (c) => {
    const file = await downloadBackup(deps, companyContext(c), c.req.valid("query").id);
    const headers = {
      "Content-Type": BACKUP_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "no-store",
    };
    // Typed as JSON by its content type's name; the body is the file's bytes as they are read.
    return c.body(toStream(file.body), 200, headers) as never;
  });
  app.openapi(analyseRoute, async (c) =>
    c.json(await analyseBackup(deps, companyContext(c), requestBody(c.req.raw)), 200),
  );
  app.openapi(restoreRoute, async (c) =>
    c.json(await restoreBackup(deps, companyContext(c), requestBody(c.req.raw), c.get("log")), 200),
  );
}

/** The request's body as it arrives (nothing read ahead of the consumer). */
async function* requestBody(req: Request): AsyncGenerator<Uint8Array> {
  if (!req.body) return;
  const reader = req.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** A response body pulled from `chunks` one at a time (the next part is read when the client is ready). */
function toStream(chunks: AsyncIterable<Uint8Array>): ReadableStream {
  const it = chunks[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await it.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await it.return?.();
    },
  });
}
