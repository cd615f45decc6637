import type { TCreateForm, TFormDetail, TUpdateForm } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (./api-schemas): a production build
// types the answers, so the forms list does not download zod to read them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZFormDetailSchema = schema("ZFormDetailSchema");
const ZFormStatusResultSchema = schema("ZFormStatusResultSchema");
const ZFormDeleteResultSchema = schema("ZFormDeleteResultSchema");

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
  api.delete("/api/forms/{formId}", { params: { formId: id }, schema: ZFormDeleteResultSchema });
