import { randomUUID } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { SETTINGS_MESSAGES } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import { bodyLimit } from "hono/body-limit";
import type { TApp, TDeps } from "../../app-types";
import { companies, storedFiles } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { sniffImage } from "../../lib/image-sniff";
import { apiError, jsonContent } from "../../lib/openapi";
import { errorBody } from "../../plugins/errors";
import { companyContext } from "../../plugins/tenant";

/** 002 §5: the logo is an image under 5 MB (recommended 200×200 px). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const COMPANY_LOGO_PATH = "/api/settings/logo";
const BUCKET = "company-logos";

const ZLogoAnswer = z.object({ logoUrl: z.string().nullable(), message: z.string() });
const denied = { 401: apiError("Not signed in"), 403: apiError(SETTINGS_MESSAGES.ACCESS_DENIED) };

const uploadRoute = createRoute({
  method: "post",
  path: COMPANY_LOGO_PATH,
  tags: ["Settings"],
  summary:
    "Upload the company logo (PNG, JPEG, GIF or WebP, under 5 MB), shown on forms, invitations and the shell",
  request: {
    body: {
      content: {
        "multipart/form-data": {
          schema: z.object({ file: z.any().openapi({ type: "string", format: "binary" }) }),
        },
      },
    },
  },
  responses: {
    200: jsonContent(ZLogoAnswer, SETTINGS_MESSAGES.LOGO_UPLOADED),
    ...denied,
    413: apiError(SETTINGS_MESSAGES.LOGO_TOO_LARGE),
    422: apiError(SETTINGS_MESSAGES.LOGO_NOT_IMAGE),
  },
});
const removeRoute = createRoute({
  method: "delete",
  path: COMPANY_LOGO_PATH,
  tags: ["Settings"],
  summary: "Remove the company logo",
  responses: { 200: jsonContent(ZLogoAnswer, "Removed"), ...denied },
});

/** Under /api/settings (owners and org admins, guarded there). */
export function registerLogoRoutes(app: TApp, deps: TDeps) {
  // Room for the multipart envelope around a 5 MB file; the file itself is checked exactly below.
  app.use(
    COMPANY_LOGO_PATH,
    bodyLimit({
      maxSize: LOGO_MAX_BYTES + 64 * 1024,
      onError: (c) => c.json(errorBody(c, "PAYLOAD_TOO_LARGE", SETTINGS_MESSAGES.LOGO_TOO_LARGE), 413),
    }),
  );
  app.openapi(uploadRoute, async (c) => {
    const ctx = companyContext(c);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = form.file;
    const notImage = () =>
      new AppError("VALIDATION_FAILED", 422, SETTINGS_MESSAGES.LOGO_NOT_IMAGE, {
        file: [SETTINGS_MESSAGES.LOGO_NOT_IMAGE],
      });
    if (!(file instanceof File)) throw notImage();
    if (file.size >= LOGO_MAX_BYTES)
      throw new AppError("PAYLOAD_TOO_LARGE", 413, SETTINGS_MESSAGES.LOGO_TOO_LARGE);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const detected = sniffImage(bytes);
    if (!detected) throw notImage();
    const key = `${BUCKET}/${randomUUID()}.${detected.ext}`;
    try {
      await deps.storage.put(key, bytes, detected.type);
    } catch (err) {
      c.get("log").error({ err, key }, "logo upload failed");
      throw new AppError("STORAGE_FAILED", 502, SETTINGS_MESSAGES.LOGO_UPLOAD_FAILED);
    }
    const logoUrl = deps.storage.publicUrl(key);
    const db = deps.database.db;
    await db.insert(storedFiles).values({
      companyId: ctx.companyId,
      bucket: BUCKET,
      key,
      contentType: detected.type,
      sizeBytes: bytes.length,
      createdBy: ctx.userId,
    });
    await db.update(companies).set({ logoUrl }).where(eq(companies.id, ctx.companyId));
    return c.json({ logoUrl, message: SETTINGS_MESSAGES.LOGO_UPLOADED }, 200);
  });
  app.openapi(removeRoute, async (c) => {
    const ctx = companyContext(c);
    await deps.database.db.update(companies).set({ logoUrl: null }).where(eq(companies.id, ctx.companyId));
    return c.json({ logoUrl: null, message: "Logo removed" }, 200);
  });
}
