import { normalizeFormFields, type TFormField } from "@leadpost/shared";
import type { Db } from "../../../db/client";
import { loadPublicForm } from "./public-form";

type TPublicForm = Awaited<ReturnType<typeof loadPublicForm>>;
export type TCachedForm = TPublicForm & { normalizedFields: TFormField[] };

/**
 * How long a published form is reused by the accept path without reading it again. Edits on this
 * instance drop the copy at once (forgetPublicForm); other instances see them within this time. The
 * accept statement itself re-checks that the form is still published and active and whose it is, so
 * unpublishing takes effect at once everywhere; only the fields and texts can be this old elsewhere.
 */
export const FORM_CACHE_TTL_MS = 5_000;
const MAX_FORMS = 5_000;

// Keyed by form id alone: ids are random UUIDs, unique across the databases a process may open (tests).
const cache = new Map<string, { form: TCachedForm; until: number }>();

/** The published form, from this process's copy when it is fresh. Throws the public 404 otherwise. */
export async function cachedPublicForm(db: Db, formId: string): Promise<TCachedForm> {
  const hit = cache.get(formId);
  if (hit && hit.until > Date.now()) return hit.form;
  const loaded = await loadPublicForm(db, formId);
  const form = { ...loaded, normalizedFields: normalizeFormFields(loaded.fields) };
  if (cache.size >= MAX_FORMS) cache.clear();
  cache.set(formId, { form, until: Date.now() + FORM_CACHE_TTL_MS });
  return form;
}

/** Called by the forms module on every change of a form (edit, publish, unpublish, delete). */
export function forgetPublicForm(formId: string): void {
  cache.delete(formId);
}
