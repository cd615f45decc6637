import { randomUUID } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { TApp, TDeps } from "../../app-types";
import { storedFiles } from "../../db/schema";
import { PRIVATE_STORAGE_FOLDERS } from "../../integrations/storage";
import { AppError } from "../../lib/app-error";
import { sniffImage } from "../../lib/image-sniff";
import { apiError, jsonContent } from "../../lib/openapi";
import { errorBody } from "../../plugins/errors";
import { companyContext } from "../../plugins/tenant";

/** 000 §5.2 and §8: image uploads in the form builder. */
export const IMAGE_UPLOAD_RULES = {
  MAX_BYTES: 5 * 1024 * 1024,
  NOT_IMAGE: "Please upload an image file",
  TOO_LARGE: "File size must be less than 5MB",
  FAILED: "Failed to upload image.",
} as const;
export const FORM_IMAGE_UPLOAD_PATH = "/api/forms/images";
const BUCKET = "form-images";

/** The original extension when it names the same kind of image, else the detected kind's. */
function extensionFor(fileName: string, detected: { ext: string; type: string }) {
  const ext = fileName.split(".").pop()?.toLowerCase() ?? "";
  const same = detected.type === "image/jpeg" ? ["jpg", "jpeg"].includes(ext) : ext === detected.ext;
  return same ? ext : detected.ext;
}

const uploadRoute = createRoute({
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
    401: apiError("Not signed in"),
    403: apiError("No company associated with your account"),
    413: apiError(IMAGE_UPLOAD_RULES.TOO_LARGE),
    422: apiError(IMAGE_UPLOAD_RULES.NOT_IMAGE),
  },
});

/** Builder image uploads (company users) and the public reading of locally stored files. */
export function registerFormImageRoutes(app: TApp, deps: TDeps) {
  // Room for the multipart envelope around a 5 MB file; the file itself is checked exactly below.
  app.use(
    FORM_IMAGE_UPLOAD_PATH,
    bodyLimit({
      maxSize: IMAGE_UPLOAD_RULES.MAX_BYTES + 64 * 1024,
      onError: (c) => c.json(errorBody(c, "PAYLOAD_TOO_LARGE", IMAGE_UPLOAD_RULES.TOO_LARGE), 413),
    }),
  );
  app.openapi(uploadRoute, async (c) => {
    const ctx = companyContext(c);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = form.file;
    if (!(file instanceof File)) throw new AppError("VALIDATION_FAILED", 422, IMAGE_UPLOAD_RULES.NOT_IMAGE);
    if (file.size > IMAGE_UPLOAD_RULES.MAX_BYTES)
      throw new AppError("PAYLOAD_TOO_LARGE", 413, IMAGE_UPLOAD_RULES.TOO_LARGE);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const detected = sniffImage(bytes);
    if (!detected) throw new AppError("VALIDATION_FAILED", 422, IMAGE_UPLOAD_RULES.NOT_IMAGE);

    const key = `${BUCKET}/${randomUUID()}.${extensionFor(file.name, detected)}`;
    try {
      await deps.storage.put(key, bytes, detected.type);
    } catch (err) {
      c.get("log").error({ err, key }, "image upload failed");
      throw new AppError("STORAGE_FAILED", 502, IMAGE_UPLOAD_RULES.FAILED);
    }
    await deps.database.db.insert(storedFiles).values({
      companyId: ctx.companyId,
      bucket: BUCKET,
      key,
      contentType: detected.type,
      sizeBytes: bytes.length,
      createdBy: ctx.userId,
    });
    return c.json({ url: deps.storage.publicUrl(key), key }, 201);
  });

  // Public: published forms show these images to anyone. Names are random and never listed.
  app.get("/api/files/:bucket/:name", async (c) => {
    const key = `${c.req.param("bucket")}/${c.req.param("name")}`;
    // Backups share the storage but are the company's private data: only their own route sends them.
    const isPrivate = PRIVATE_STORAGE_FOLDERS.includes(c.req.param("bucket"));
    const file = deps.storage.kind === "local" && !isPrivate ? await deps.storage.get(key) : null;
    if (!file) return c.json(errorBody(c, "NOT_FOUND", "File not found"), 404);
    c.header("Content-Type", file.contentType);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200);
  });
}
