import { z } from "@hono/zod-openapi";
import { SETTINGS_MESSAGES } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TApp, TDeps } from "../../app-types";
import { companies } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { sniffImage } from "../../lib/image-sniff";
import { apiError, jsonContent } from "../../lib/openapi";
import { defineRoute, SETTINGS_ADMINS } from "../../plugins/define-route";
import { companyContext } from "../../plugins/tenant";
import { storeUpload, type TUploadKind, uploadBodyLimit } from "../stored-files";

/** 002 §5: the logo is an image under 5 MB (recommended 200×200 px). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const COMPANY_LOGO_PATH = "/api/settings/logo";
const BUCKET = "company-logos";

const ZLogoAnswer = z.object({ logoUrl: z.string().nullable(), message: z.string() });
const denied = { 403: apiError(SETTINGS_MESSAGES.ACCESS_DENIED) };

const notImage = () =>
  new AppError("VALIDATION_FAILED", SETTINGS_MESSAGES.LOGO_NOT_IMAGE, {
    file: [SETTINGS_MESSAGES.LOGO_NOT_IMAGE],
  });
const LOGO: TUploadKind = {
  bucket: BUCKET,
  // "must be less than 5MB"
  maxBytes: LOGO_MAX_BYTES - 1,
  sniff: sniffImage,
  notAccepted: notImage,
  tooLarge: () => new AppError("PAYLOAD_TOO_LARGE", SETTINGS_MESSAGES.LOGO_TOO_LARGE),
  failed: SETTINGS_MESSAGES.LOGO_UPLOAD_FAILED,
};

const uploadRoute = defineRoute({
  ...SETTINGS_ADMINS,
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
const removeRoute = defineRoute({
  ...SETTINGS_ADMINS,
  method: "delete",
  path: COMPANY_LOGO_PATH,
  tags: ["Settings"],
  summary: "Remove the company logo",
  responses: { 200: jsonContent(ZLogoAnswer, "Removed"), ...denied },
});

/** Settings routes (owners and org admins). */
export function registerLogoRoutes(app: TApp, deps: TDeps) {
  app.use(COMPANY_LOGO_PATH, uploadBodyLimit(LOGO));
  app.openapi(uploadRoute, async (c) => {
    const ctx = companyContext(c);
    const { url: logoUrl } = await storeUpload(c, deps, ctx, LOGO);
    const db = deps.database.db;
    await db.update(companies).set({ logoUrl }).where(eq(companies.id, ctx.companyId));
    return c.json({ logoUrl, message: SETTINGS_MESSAGES.LOGO_UPLOADED }, 200);
  });
  app.openapi(removeRoute, async (c) => {
    const ctx = companyContext(c);
    await deps.database.db.update(companies).set({ logoUrl: null }).where(eq(companies.id, ctx.companyId));
    return c.json({ logoUrl: null, message: "Logo removed" }, 200);
  });
}
