import type { TFormField } from "../schemas/forms";
import { isValidEmail, normalizeEmail } from "./email";
import type { TCleanAnswer } from "./form-answers";
import { normalizeZip } from "./geo";

// The lead-field heuristics of spec 001 §7: forms are free-form, so zip, city, state, service type,
// e-mail, name and phone are found by key names first and by the shape of values last.

/** One answer under one key; a form answer appears twice, under its field id and under its label. */
export type TAnswerEntry = { key: string; value: unknown; type?: string };

export type TLeadFields = {
  zipCode: string | null;
  city: string | null;
  state: string | null;
  serviceType: string;
  email: string | null;
  name: string | null;
  /** Digits only (a US number without its leading 1), so duplicates match however it was typed. */
  phone: string | null;
};

export const SERVICE_NOT_SPECIFIED = "Not specified";

/** Both views of a form's answers: by label (what people named the field) and by field id. */
export function answerEntries(
  fields: readonly TFormField[],
  answers: Record<string, TCleanAnswer>,
): TAnswerEntry[] {
  const entries: TAnswerEntry[] = [];
  for (const field of fields) {
    const value = answers[field.id];
    if (value === undefined) continue;
    entries.push({ key: field.label, value, type: field.type }, { key: field.id, value, type: field.type });
  }
  return entries;
}

export function extractLeadFields(input: readonly TAnswerEntry[] | Record<string, unknown>): TLeadFields {
  const entries = Array.isArray(input)
    ? (input as readonly TAnswerEntry[])
    : Object.entries(input).map(([key, value]) => ({ key, value }));
  return {
    zipCode: findZip(entries),
    city: findPlace(entries, "city", 80),
    state: findPlace(entries, "state", 30),
    serviceType: findService(entries) ?? SERVICE_NOT_SPECIFIED,
    email: findEmail(entries),
    name: findName(entries),
    phone: findPhone(entries),
  };
}

/** "ZIP Code", "zip_code" and "zipCode" all become "zipcode". */
const compactKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, "");
/** "homeState", "home_state" and "Home state" all become ["home", "state"]. */
const keyWords = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const UUID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function asText(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) {
    const parts = value.filter((v): v is string => typeof v === "string" && v.trim() !== "");
    return parts.length > 0 ? parts.map((v) => v.trim()).join(", ") : null;
  }
  return null;
}

/** The first value, over the steps in order, that `accept` turns into a result. */
function firstMatch<T>(
  entries: readonly TAnswerEntry[],
  steps: readonly ((entry: TAnswerEntry) => boolean)[],
  accept: (text: string, entry: TAnswerEntry) => T | null,
): T | null {
  for (const step of steps) {
    for (const entry of entries) {
      if (!step(entry)) continue;
      const text = asText(entry.value);
      const found = text === null ? null : accept(text, entry);
      if (found !== null) return found;
    }
  }
  return null;
}

const ZIP_KEYS = new Set(["zipcode", "zip", "postalcode", "postcode", "zippostalcode", "zippostal"]);
const ZIP_INSIDE = /\b\d{5}(?:-\d{4})?\b/;

function findZip(entries: readonly TAnswerEntry[]): string | null {
  // Under a zip-named key the zip may sit inside other text ("Denver, CO 80202").
  const byKey = firstMatch(
    entries,
    [(e) => ZIP_KEYS.has(compactKey(e.key)), (e) => /zip|postal/.test(compactKey(e.key))],
    (text) => normalizeZip(text.match(ZIP_INSIDE)?.[0] ?? ""),
  );
  if (byKey) return byKey;
  // By value alone only a whole zip-shaped answer counts, so a street number is never taken for one.
  return firstMatch(entries, [(e) => UUID_KEY.test(e.key), () => true], (text) => normalizeZip(text));
}

function findPlace(entries: readonly TAnswerEntry[], word: "city" | "state", maxLength: number) {
  return firstMatch(
    entries,
    [(e) => compactKey(e.key) === word, (e) => keyWords(e.key).includes(word)],
    (text) => (text.length <= maxLength ? text : null),
  );
}

const SERVICE_KEYS = new Set([
  "servicetype",
  "service",
  "services",
  "interestedinservice",
  "serviceneeded",
  "servicesneeded",
  "typeofservice",
  "servicerequested",
  "requestedservice",
  "servicerequired",
  "serviceinterest",
  "whatservice",
  "whatservicedoyouneed",
]);

function findService(entries: readonly TAnswerEntry[]) {
  return firstMatch(
    entries,
    [(e) => SERVICE_KEYS.has(compactKey(e.key)), (e) => compactKey(e.key).includes("service")],
    (text) => text.slice(0, 200),
  );
}

const isEmailKey = (e: Pick<TAnswerEntry, "key">) => /e?mail/.test(compactKey(e.key));
const isNameKey = (e: Pick<TAnswerEntry, "key">) => compactKey(e.key).includes("name");

function findEmail(entries: readonly TAnswerEntry[]) {
  // 001 §7: the first value with an @ under an e-mail-like or name-like key; a field the builder typed
  // as e-mail is the surest sign, so it goes first.
  return firstMatch(entries, [(e) => e.type === "email", isEmailKey, isNameKey], (text) =>
    text.includes("@") && isValidEmail(text) ? normalizeEmail(text) : null,
  );
}

const PHONE_WORDS = new Set(["phone", "tel", "telephone", "mobile", "cell", "cellphone", "cellular"]);

function findPhone(entries: readonly TAnswerEntry[]) {
  return firstMatch(
    entries,
    [
      (e) => e.type === "tel",
      (e) => keyWords(e.key).some((w) => PHONE_WORDS.has(w)) || compactKey(e.key).includes("phone"),
    ],
    normalizePhone,
  );
}

/** 10 to 15 digits; a leading US country code 1 on an 11-digit number is dropped. */
export function normalizePhone(text: string): string | null {
  const digits = text.replace(/(?:x|ext\.?)\s*\d+$/i, "").replace(/\D/g, "");
  if (digits.length < 10 || digits.length > 15) return null;
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

const NAME_KEYS = new Set([
  "name",
  "fullname",
  "yourname",
  "contactname",
  "customername",
  "firstandlastname",
]);
/** "Company name", "Username" and the like name something other than the person. */
const NOT_A_PERSON = /company|business|user|file|street|product|project|pet|property|niche/;

function plausibleName(text: string): string | null {
  if (text.includes("@") || text.length > 200 || !/\p{L}/u.test(text)) return null;
  return text;
}

function findName(entries: readonly TAnswerEntry[]): string | null {
  const exact = firstMatch(entries, [(e) => NAME_KEYS.has(compactKey(e.key))], plausibleName);
  if (exact) return exact;
  const first = firstMatch(
    entries,
    [(e) => /^first(name)?$|^fname$|^givenname$/.test(compactKey(e.key))],
    plausibleName,
  );
  const last = firstMatch(
    entries,
    [(e) => /^last(name)?$|^lname$|^surname$|^familyname$/.test(compactKey(e.key))],
    plausibleName,
  );
  if (first || last) return [first, last].filter(Boolean).join(" ");
  return firstMatch(entries, [(e) => isNameKey(e) && !NOT_A_PERSON.test(compactKey(e.key))], plausibleName);
}

const ADDRESS_WORDS = new Set(["address", "street", "addr"]);

/**
 * Which customer detail an answer holds, as the company's hide toggles name them (003 §2.8): the
 * person's name, a phone number, or a street address; null for anything else (city, state and zip
 * are the lead's location, shown to every buyer). Judged by the field's type and label.
 */
export function contactKindOfAnswer(entry: {
  key: string;
  type?: string;
}): "name" | "phone" | "address" | null {
  const compact = compactKey(entry.key);
  const words = keyWords(entry.key);
  if (entry.type === "email" || isEmailKey(entry)) return null;
  if (entry.type === "tel" || words.some((w) => PHONE_WORDS.has(w)) || compact.includes("phone"))
    return "phone";
  if (words.some((w) => ADDRESS_WORDS.has(w)) || compact.includes("address")) return "address";
  if (
    NAME_KEYS.has(compact) ||
    /^first(name)?$|^fname$|^givenname$|^last(name)?$|^lname$|^surname$|^familyname$/.test(compact) ||
    (isNameKey(entry) && !NOT_A_PERSON.test(compact))
  ) {
    return "name";
  }
  return null;
}
