import { z } from "zod";
import { apiPath } from "@/lib/api/typed-client";

const ZUploadSchema = z.object({ url: z.string() });

/** Uploads an image for an image field; the server answers its public address. */
export async function uploadFormImage(file: File): Promise<string> {
  const body = new FormData();
  body.set("file", file);
  const response = await fetch(apiPath("/api/forms/images"), {
    method: "POST",
    body,
    credentials: "include",
  });
  const payload = await response.json().catch(() => null);
  if (!response.ok) {
    const message = payload?.error?.message;
    throw new Error(typeof message === "string" ? message : "Failed to upload image.");
  }
  return ZUploadSchema.parse(payload).url;
}
