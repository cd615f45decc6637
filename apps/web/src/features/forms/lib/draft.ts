import type { TCreateForm, TFormDetail, TFormField, TFormFieldType } from "@leadpost/shared";
import { FORM_DEFAULTS } from "@leadpost/shared/domain/forms";

/** Everything the builder edits; saved as a whole (create, or a PATCH of every key). */
export type TFormDraft = TCreateForm;
export type TRoutingEntryDraft = TFormDraft["emailRouting"][number];

export const FIELD_TYPE_LABELS: Record<TFormFieldType, string> = {
  text: "Text",
  email: "Email",
  tel: "Phone",
  textarea: "Paragraph",
  select: "Dropdown",
  radio: "Multiple choice",
  checkbox: "Checkboxes",
  heading: "Heading",
  image: "Image",
  break: "Page break",
  submit: "Submit button",
};

const NEW_FIELD_LABELS: Record<TFormFieldType, string> = {
  text: "Text field",
  email: "Email",
  tel: "Phone",
  textarea: "Message",
  select: "Choose one",
  radio: "Choose one",
  checkbox: "Choose any",
  heading: "Heading",
  image: "Image",
  break: "Page break",
  submit: "Submit",
};

export function newFieldId(): string {
  return `field_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

/** A new field of a type with sensible starting properties (000 §9 image defaults included). */
export function newField(type: TFormFieldType): TFormField {
  const field: TFormField = {
    id: newFieldId(),
    type,
    label: NEW_FIELD_LABELS[type],
    required: false,
    width: "full",
  };
  if (type === "select" || type === "radio" || type === "checkbox") field.options = ["Option 1", "Option 2"];
  if (type === "heading") field.headingLevel = 2;
  if (type === "break") {
    field.nextButtonText = "Next";
    field.previousButtonText = "Previous";
  }
  if (type === "image") {
    field.imageSize = "medium";
    field.imageAlignment = "center";
    field.padding = { top: 0, right: 0, bottom: 0, left: 0 };
    field.margin = { top: 0, right: 0, bottom: 0, left: 0 };
  }
  return field;
}

export function emptyDraft(): TFormDraft {
  return {
    ...FORM_DEFAULTS,
    title: "Untitled form",
    buyerIds: [],
    saleCap: 1,
    embedOrigins: [],
    fields: [newField("text"), newField("email"), newField("submit")].map((f, i) =>
      i === 0 ? { ...f, label: "Full name", required: true } : i === 1 ? { ...f, required: true } : f,
    ),
    emailRouting: [],
  };
}

export function draftFromDetail(form: TFormDetail): TFormDraft {
  const { id: _id, status: _status, createdAt: _c, updatedAt: _u, emailRouting, saleCap, ...rest } = form;
  return {
    ...rest,
    saleCap: saleCap as TFormDraft["saleCap"],
    emailRouting: emailRouting.map(({ id: _rid, ...entry }) => entry),
  };
}

/** Moves the item at `from` to `to` (both indexes of the original list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * Where a field added from the palette goes: after the selected field, otherwise at the end of the
 * form; never below the Submit button (a field after it would never be filled in before submitting).
 */
export function insertField(
  fields: readonly TFormField[],
  field: TFormField,
  selectedId: string | null,
): TFormField[] {
  const selected = fields.findIndex((f) => f.id === selectedId);
  let at = selected < 0 ? fields.length : selected + 1;
  if (field.type !== "submit") {
    const submitAt = fields.findIndex((f) => f.type === "submit");
    if (submitAt >= 0 && at > submitAt) at = submitAt;
  }
  return [...fields.slice(0, at), field, ...fields.slice(at)];
}

/** The draft as saved: blank option lines (left while typing) are dropped. */
export function draftForSave(draft: TFormDraft): TFormDraft {
  return {
    ...draft,
    fields: draft.fields.map((f) =>
      f.options ? { ...f, options: f.options.map((o) => o.trim()).filter((o) => o !== "") } : f,
    ),
  };
}
