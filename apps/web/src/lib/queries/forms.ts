import type { TFormList, TFormOptions } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";

/** Query keys and list reads of the company's forms: used by the forms screens and the leads filters. */
export const formKeys = {
  all: ["forms"] as const,
  list: () => [...formKeys.all, "list"] as const,
  detail: (id: string) => [...formKeys.all, "detail", id] as const,
  options: () => [...formKeys.all, "options"] as const,
};

// Checked in development and tests only (see TLazySchema): the list screens do not download zod to read them.
const formSchemas = import.meta.env.DEV ? () => import("@leadpost/shared/schemas/forms") : undefined;

export const fetchForms = (signal?: AbortSignal): Promise<TFormList> =>
  api.get("/api/forms", {
    schema: formSchemas && (() => formSchemas().then((s) => s.ZFormListSchema)),
    signal,
  });

export const fetchFormOptions = (signal?: AbortSignal): Promise<TFormOptions> =>
  api.get("/api/forms/options", {
    schema: formSchemas && (() => formSchemas().then((s) => s.ZFormOptionsSchema)),
    signal,
  });
