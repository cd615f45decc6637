import { z } from "@hono/zod-openapi";
import type { TApp, TDeps } from "../../app-types";
import { PRIVATE_STORAGE_FOLDERS } from "../../integrations/storage";
import { AppError } from "../../lib/app-error";
import { sniffImage } from "../../lib/image-sniff";
import { apiError, jsonContent } from "../../lib/openapi";
import { defineRoute } from "../../plugins/define-route";
import { errorResponse } from "../../plugins/errors";
import { companyContext } from "../../plugins/tenant";
import { storeUpload, type TUploadKind, uploadBodyLimit } from "../stored-files";

/** 000 §5.2 and §8: image uploads in the form builder. */
export const IMAGE_UPLOAD_RULES = {
  MAX_BYTES: 5 * 1024 * 1024,
  NOT_IMAGE: "Please upload an image file",
  TOO_LARGE: "File size must be less than 5MB",
  FAILED: "Failed to upload image.",
} as const;
export const FORM_IMAGE_UPLOAD_PATH = "/api/forms/images";

/** The original extension when it names the same kind of image, else the detected kind's. */
function extensionFor(fileName: string, detected: { ext: string; type: string }) {
  const ext = fileName.split(".").pop()?.toLowerCase() ?? "";
  const same = detected.type === "image/jpeg" ? ["jpg", "jpeg"].includes(ext) : ext === detected.ext;
  return same ? ext : detected.ext;
}

const FORM_IMAGE: TUploadKind = {
  bucket: "form-images",
  maxBytes: IMAGE_UPLOAD_RULES.MAX_BYTES,
  sniff: sniffImage,
  extension: extensionFor,
  notAccepted: () => new AppError("VALIDATION_FAILED", IMAGE_UPLOAD_RULES.NOT_IMAGE),
  tooLarge: () => new AppError("PAYLOAD_TOO_LARGE", IMAGE_UPLOAD_RULES.TOO_LARGE),
  failed: IMAGE_UPLOAD_RULES.FAILED,
};

const uploadRoute = defineRoute({
  auth: "company",
  method: "post",
  path: FORM_IMAGE_UPLOAD_PATH,
  tags: ["Forms"],
  summary:
    "Upload an image for an image field (PNG, JPEG, GIF or WebP, under 5 MB); answers its public address",
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
    201: jsonContent(z.object({ url: z.string(), key: z.string() }), "Stored"),
    403: apiError("No company associated with your account"),
    413: apiError(IMAGE_UPLOAD_RULES.TOO_LARGE),
    422: apiError(IMAGE_UPLOAD_RULES.NOT_IMAGE),
  },
});

/** Builder image uploads (company users) and the public reading of locally stored files. */
export function registerFormImageRoutes(app: TApp, deps: TDeps) {
  app.use(FORM_IMAGE_UPLOAD_PATH, uploadBodyLimit(FORM_IMAGE));
  app.openapi(uploadRoute, async (c) => {
    const { url, key } = await storeUpload(c, deps, companyContext(c), FORM_IMAGE);
    return c.json({ url, key }, 201);
  });

  // Public: published forms show these images to anyone. Names are random and never listed.
  app.get("/api/files/:bucket/:name", async (c) => {
    const key = `${c.req.param("bucket")}/${c.req.param("name")}`;
    // Backups share the storage but are the company's private data: only their own route sends them.
    const isPrivate = PRIVATE_STORAGE_FOLDERS.includes(c.req.param("bucket"));
    const file = deps.storage.kind === "local" && !isPrivate ? await deps.storage.get(key) : null;
    if (!file) return errorResponse(c, "NOT_FOUND", "File not found");
    c.header("Content-Type", file.contentType);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200);
  });
}
