// Forms' field types, layout choices and entity defaults (spec 001 §2–§3), zod-free for the browser
// (schemas/forms.ts re-exports them).

import type { TFormField } from "../schemas/forms";

export const FORM_FIELD_TYPES = [
  "text",
  "email",
  "tel",
  "textarea",
  "select",
  "radio",
  "checkbox",
  "heading",
  "image",
  "break",
  "submit",
] as const;
export type TFormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Field types that collect an answer; the others only lay the form out. */
export const INPUT_FIELD_TYPES = [
  "text",
  "email",
  "tel",
  "textarea",
  "select",
  "radio",
  "checkbox",
] as const satisfies readonly TFormFieldType[];
export type TInputFieldType = (typeof INPUT_FIELD_TYPES)[number];

export const FIELD_WIDTHS = ["full", "half", "third", "quarter"] as const;
export const IMAGE_SIZES = ["small", "medium", "large", "full"] as const;
export const ALIGNMENTS = ["left", "center", "right"] as const;
/** Each lead may be sold to at most this many buyers: 1 is exclusive. */
export const SALE_CAPS = [1, 2, 3, 5, 10] as const;
export const MAX_FORM_FIELDS = 200;

/** Form entity defaults of 001 §3 (and the database's). */
export const FORM_DEFAULTS = {
  description: null,
  isActive: true,
  enableMultistep: false,
  progressPosition: "top",
  showTitle: true,
  showDescription: true,
  backgroundColor: "#ffffff",
  backgroundOpacity: 100,
  textColor: "#000000",
  accentColor: "#3182ce",
  accentOpacity: 10,
  submitButtonColor: null,
  submitButtonPosition: "center",
  submitButtonWidth: "default",
  successMessage: null,
  redirectBehavior: "message",
  redirectUrl: null,
  nicheId: null,
  buyerIds: [],
  saleCap: 1,
  consentText: null,
} as const;

export const FORM_STATUSES = ["draft", "published"] as const;

export function isInputField(field: TFormField): field is TFormField & { type: TInputFieldType } {
  return (INPUT_FIELD_TYPES as readonly string[]).includes(field.type);
}
