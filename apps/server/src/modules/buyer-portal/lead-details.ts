import { normalizePhone, SERVICE_NOT_SPECIFIED, type TMyLead } from "@leadpost/shared";

type TDetail = TMyLead["fields"][number];
type TLeadValues = {
  name: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  serviceType: string;
};

/** The values extracted from the answers (lead-fields), under the label a lead without a form shows. */
const EXTRACTED = [
  ["Name", "name"],
  ["Email", "email"],
  ["Phone", "phone"],
  ["City", "city"],
  ["State", "state"],
  ["Zip code", "zipCode"],
  ["Service", "serviceType"],
] as const;

const textOf = (value: TDetail["value"]) =>
  Array.isArray(value) ? value.join(", ") : value === null ? "" : String(value);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `part` as a whole word (or words) of `text`, ignoring case: "CO" is in "Denver, CO", not in "Cost". */
const hasWord = (text: string, part: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(part)}($|[^\\p{L}\\p{N}])`, "iu").test(text);

/** Whether an answer already shows this extracted value (so it is not listed a second time). */
function shownBy(key: (typeof EXTRACTED)[number][1], value: string, answers: readonly string[]): boolean {
  if (key === "phone") return answers.some((a) => normalizePhone(a) === value);
  if (key === "email") return answers.some((a) => a.trim().toLowerCase() === value.toLowerCase());
  if (key === "name") {
    // "Ann Lee" from a first-name and a last-name field: each word is shown by some answer.
    return value.split(/\s+/).every((word) => answers.some((a) => hasWord(a, word)));
  }
  return answers.some((a) => hasWord(a, value));
}

/**
 * What a buyer sees of a lead, each value once: every answer under the form's own label, then the
 * values found in them that no answer shows as is (a lead from a call or an import), under a plain
 * label. E-mail and phone values say so, so the screen can link them. A label met twice gets " (2)".
 */
export function leadDetails(lead: TLeadValues, answers: readonly Omit<TDetail, "kind">[]): TDetail[] {
  const texts = answers.map((a) => textOf(a.value));
  const extra = EXTRACTED.flatMap(([label, key]) => {
    const value = lead[key];
    if (!value || (key === "serviceType" && value === SERVICE_NOT_SPECIFIED)) return [];
    return shownBy(key, value, texts) ? [] : [{ label, value }];
  });
  const seen = new Map<string, number>();
  return [...answers, ...extra].map((d) => {
    const key = d.label.trim().toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    const text = textOf(d.value);
    const kind =
      lead.email && text.trim().toLowerCase() === lead.email.toLowerCase()
        ? ("email" as const)
        : lead.phone && normalizePhone(text) === lead.phone
          ? ("phone" as const)
          : null;
    return { label: n > 1 ? `${d.label} (${n})` : d.label, value: d.value, kind };
  });
}
