import { apiPath } from "@/lib/api/typed-client";

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
  // The answer's one field, read as the schema read it: a missing or non-text url is an error.
  const url = payload?.url;
  if (typeof url !== "string") throw new Error("Failed to upload image.");
  return url;
}
