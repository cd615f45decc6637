import {
  type TFormField,
  type TFormFieldInput,
  type TInputFieldType,
  ZFormFieldSchema,
} from "../schemas/forms";
import { isInputField } from "./forms";

const ZERO_SIDES = { top: 0, right: 0, bottom: 0, left: 0 };

/** Fills the image-field defaults of 000 §9 (medium, centred, no padding or margin). */
export function withFieldDefaults(field: TFormField): TFormField {
  if (field.type !== "image") return field;
  return {
    ...field,
    imageSize: field.imageSize ?? "medium",
    imageAlignment: field.imageAlignment ?? "center",
    padding: field.padding ?? { ...ZERO_SIDES },
    margin: field.margin ?? { ...ZERO_SIDES },
  };
}

/**
 * Reads stored fields the way the public page does (001 rendering rules): a list or a JSON string
 * holding one; entries lacking id, type, label or required are dropped, and so is anything else the
 * field schema refuses (an unknown type cannot be drawn). Duplicate ids keep the first entry.
 */
export function normalizeFormFields(raw: unknown): TFormField[] {
  let list: unknown = raw;
  if (typeof raw === "string") {
    try {
      list = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const fields: TFormField[] = [];
  for (const entry of list) {
    if (!hasRequiredKeys(entry)) continue;
    const parsed = ZFormFieldSchema.safeParse(entry);
    if (!parsed.success || seen.has(parsed.data.id)) continue;
    seen.add(parsed.data.id);
    fields.push(withFieldDefaults(parsed.data));
  }
  return fields;
}

function hasRequiredKeys(
  entry: unknown,
): entry is Pick<TFormFieldInput, "id" | "type" | "label" | "required"> {
  if (typeof entry !== "object" || entry === null) return false;
  const e = entry as Record<string, unknown>;
  return e.id != null && e.type != null && e.label != null && e.required != null;
}

export { isInputField };

/** Select and radio fields without options are not drawn (001), so they can never be answered. */
export function isDrawnInputField(field: TFormField): field is TFormField & { type: TInputFieldType } {
  if (!isInputField(field)) return false;
  if (field.type === "select" || field.type === "radio") return (field.options?.length ?? 0) > 0;
  return true;
}
