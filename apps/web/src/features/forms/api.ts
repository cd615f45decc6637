import {
  type TCreateForm,
  type TFormDetail,
  type TUpdateForm,
  ZFormDetailSchema,
  ZFormStatusResultSchema,
} from "@leadpost/shared";
import { z } from "zod";
import { api, apiPath } from "@/lib/api/typed-client";

export { fetchFormOptions, fetchForms, formKeys } from "@/lib/queries/forms";

export const fetchForm = (id: string, signal?: AbortSignal): Promise<TFormDetail> =>
  api.get("/api/forms/{formId}", { params: { formId: id }, schema: ZFormDetailSchema, signal });

export const createForm = (body: TCreateForm): Promise<TFormDetail> =>
  api.post("/api/forms", { body, schema: ZFormDetailSchema });

export const updateForm = (id: string, body: TUpdateForm): Promise<TFormDetail> =>
  api.patch("/api/forms/{formId}", { params: { formId: id }, body, schema: ZFormDetailSchema });

export const setFormPublished = (id: string, publish: boolean) =>
  publish
    ? api.post("/api/forms/{formId}/publish", { params: { formId: id }, schema: ZFormStatusResultSchema })
    : api.post("/api/forms/{formId}/unpublish", { params: { formId: id }, schema: ZFormStatusResultSchema });

export const deleteForm = (id: string) =>
  api.delete("/api/forms/{formId}", {
    params: { formId: id },
    schema: z.object({ success: z.boolean(), message: z.string() }),
  });

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
