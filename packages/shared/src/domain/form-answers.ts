import type { TFormField, TInputFieldType } from "../schemas/forms";
import { isValidEmail, normalizeEmail } from "./email";
import { isDrawnInputField } from "./form-fields";

/** A cleaned answer: text fields give a string, multiple-choice checkboxes a list, a lone checkbox a boolean. */
export type TCleanAnswer = string | string[] | boolean;

export const ANSWER_MESSAGES = {
  REQUIRED: "This field is required.",
  EMAIL: "Please enter a valid email address.",
  PHONE: "Please enter a valid phone number.",
  OPTION: "Please choose one of the options.",
  TOO_LONG: "This answer is too long.",
  INVALID: "This answer is not valid.",
} as const;

const MAX_LENGTH: Record<TInputFieldType, number> = {
  text: 1000,
  email: 254,
  tel: 40,
  textarea: 10_000,
  select: 500,
  radio: 500,
  checkbox: 500,
};
/** Digits, spaces and the usual separators; 10 to 15 digits (000 §9: phones have at least 10). */
const PHONE_CHARACTERS = /^\+?[0-9 ().\-/]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;

export function phoneDigits(value: string): string {
  return value.replace(/(?:x|ext\.?)\s*\d+$/i, "").replace(/\D/g, "");
}

export function isValidPhone(value: string): boolean {
  const digits = phoneDigits(value);
  return PHONE_CHARACTERS.test(value.trim()) && digits.length >= 10 && digits.length <= 15;
}

export type TAnswerCheck =
  | { ok: true; answers: Record<string, TCleanAnswer> }
  | { ok: false; errors: Record<string, string[]> };

/**
 * The server's check of a submission against the form (the page's checks are only a convenience):
 * required fields, e-mail and phone format, and choices among the field's options. Only fields the page
 * draws are considered; answers to anything else are ignored. Errors are keyed by field id.
 */
export function validateFormAnswers(
  fields: readonly TFormField[],
  raw: Record<string, unknown>,
): TAnswerCheck {
  const answers: Record<string, TCleanAnswer> = {};
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    if (!isDrawnInputField(field)) continue;
    const result = checkAnswer(field, raw[field.id]);
    if ("error" in result) errors[field.id] = [result.error];
    else if (result.value !== undefined) answers[field.id] = result.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers };
}

type TCheck = { value: TCleanAnswer | undefined } | { error: string };

function checkAnswer(field: TFormField & { type: TInputFieldType }, value: unknown): TCheck {
  const missing = (): TCheck => (field.required ? { error: ANSWER_MESSAGES.REQUIRED } : { value: undefined });
  if (value === undefined || value === null) return missing();

  if (field.type === "checkbox") return checkCheckbox(field, value, missing);
  if (typeof value !== "string" && typeof value !== "number") return { error: ANSWER_MESSAGES.INVALID };
  const text = String(value).trim();
  if (text === "") return missing();
  if (text.length > MAX_LENGTH[field.type]) return { error: ANSWER_MESSAGES.TOO_LONG };

  switch (field.type) {
    case "email":
      return isValidEmail(text) ? { value: normalizeEmail(text) } : { error: ANSWER_MESSAGES.EMAIL };
    case "tel":
      return isValidPhone(text) ? { value: text } : { error: ANSWER_MESSAGES.PHONE };
    case "select":
    case "radio":
      return field.options?.includes(text) ? { value: text } : { error: ANSWER_MESSAGES.OPTION };
    default:
      return { value: text };
  }
}

/** With options a checkbox is a multiple choice (a list); without, a single tick box (a boolean). */
function checkCheckbox(field: TFormField, value: unknown, missing: () => TCheck): TCheck {
  const options = field.options ?? [];
  if (options.length === 0) {
    const ticked = value === true || value === "true" || value === "on" || value === "yes";
    const unticked = value === false || value === "false" || value === "" || value === "off";
    if (!ticked && !unticked) return { error: ANSWER_MESSAGES.INVALID };
    return ticked ? { value: true } : missing();
  }
  const chosen = (Array.isArray(value) ? value : [value]).map((v) =>
    typeof v === "string" ? v.trim() : Symbol("invalid"),
  );
  if (chosen.some((v) => typeof v !== "string")) return { error: ANSWER_MESSAGES.INVALID };
  const picked = [...new Set(chosen as string[])].filter((v) => v !== "");
  if (picked.some((v) => !options.includes(v))) return { error: ANSWER_MESSAGES.OPTION };
  return picked.length > 0 ? { value: picked } : missing();
}

/** One answer with the label it had when submitted, in form order: what a lead shows and exports. */
export type TLabelledAnswer = { fieldId: string; label: string; type: TInputFieldType; value: TCleanAnswer };

export function labelledAnswers(
  fields: readonly TFormField[],
  answers: Record<string, TCleanAnswer>,
): TLabelledAnswer[] {
  const list: TLabelledAnswer[] = [];
  for (const field of fields) {
    const value = answers[field.id];
    if (value === undefined || !isDrawnInputField(field)) continue;
    list.push({ fieldId: field.id, label: field.label, type: field.type, value });
  }
  return list;
}

/**
 * Label → value, as the lead's `data` holds it. Two fields with the same label (or none) keep both
 * answers: the later one is suffixed with its position.
 */
export function answersByLabel(list: readonly TLabelledAnswer[]): Record<string, TCleanAnswer> {
  // A Map, then fromEntries: a label such as "__proto__" becomes an ordinary key, never a prototype.
  const byLabel = new Map<string, TCleanAnswer>();
  list.forEach((answer, index) => {
    const base = answer.label.trim() || answer.fieldId;
    let key = base;
    for (let n = index + 1; byLabel.has(key); n++) key = `${base} (${n})`;
    byLabel.set(key, answer.value);
  });
  return Object.fromEntries(byLabel);
}

/**
 * The Lead API takes answers keyed by field id or by the field's label (trimmed, any case): labels are
 * turned into ids here, before validation. An id always wins over a label naming the same field; a
 * label shared by several fields cannot say which one it means and is refused, naming it.
 */
export function keyAnswersByFieldId(
  fields: readonly TFormField[],
  formData: Record<string, unknown>,
): { ok: true; formData: Record<string, unknown> } | { ok: false; errors: Record<string, string[]> } {
  const inputs = fields.filter(isDrawnInputField);
  const ids = new Set(inputs.map((f) => f.id));
  const byLabel = new Map<string, string[]>();
  for (const f of inputs) {
    const key = f.label.trim().toLowerCase();
    byLabel.set(key, [...(byLabel.get(key) ?? []), f.id]);
  }
  const out: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(formData)) {
    if (ids.has(key)) {
      out[key] = value;
      continue;
    }
    const matches = byLabel.get(key.trim().toLowerCase());
    if (!matches) {
      out[key] = value;
    } else if (matches.length > 1) {
      errors[key] = [`Several fields are labelled "${key.trim()}": send this answer by field id.`];
    } else if (!(matches[0]! in formData)) {
      out[matches[0]!] = value;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, formData: out };
}
