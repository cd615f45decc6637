import {
  contactKindOfAnswer,
  NO_CONTACT_PRIVACY,
  normalizePhone,
  type TContactPrivacy,
  type TLeadDetail,
} from "@leadpost/shared";
import type { leads } from "../db/schema";

/**
 * A lead's answers as readers are shown them: the company's lead detail, the buyer's My Leads, and the
 * e-mail the form's routing entries receive. Here, below the modules, because the leads module shows
 * them and the lead-distribution module e-mails them.
 */

type TAnswerOut = TLeadDetail["fields"][number]["value"];
const asAnswer = (value: unknown): TAnswerOut => {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value;
  return JSON.stringify(value);
};

/**
 * Form leads keep their ordered answers; older or imported leads only have the label → value map.
 * Answers holding a detail the reader may not see (the company's hide toggles) are left out.
 */
export function answersOf(
  lead: Pick<typeof leads.$inferSelect, "answers" | "data" | "name" | "phone">,
  privacy: TContactPrivacy = NO_CONTACT_PRIVACY,
) {
  const all =
    lead.answers.length > 0
      ? lead.answers.map((a) => ({ fieldId: a.fieldId, label: a.label, type: a.type, value: a.value }))
      : Object.entries(lead.data).map(([label, value]) => ({
          fieldId: null,
          label,
          type: undefined,
          value,
        }));
  return all
    .filter((a) => !isHiddenAnswer(a, lead, privacy))
    .map((a) => ({ fieldId: a.fieldId, label: a.label, value: asAnswer(a.value) }));
}

/** A key of a JSON value read from the database, undefined where the value is no object. */
export const jsonField = (json: unknown, key: string): unknown =>
  typeof json === "object" && json !== null ? Reflect.get(json, key) : undefined;

/** A lead's answers as stored, their JSON as the database answers it (not checked by a row schema). */
type TStoredAnswers = { answers: unknown; data: unknown; name: string | null; phone: string | null };

/**
 * What answersOf gives a lead's answers, for a CSV's columns and without the objects it makes (an
 * export writes every lead): the value of each answer whose label is a column of `at` goes to that
 * place of `into` (of two answers of one label, the later); the others are skipped. With `labels`,
 * every answer's label the reader may see is added to it instead.
 */
export function answerColumns(
  lead: TStoredAnswers,
  privacy: TContactPrivacy,
  at: ReadonlyMap<string, number>,
  into: unknown[],
  labels?: Set<string>,
): void {
  into.fill(undefined);
  const hides = privacy.hideName || privacy.hidePhone || privacy.hideAddress;
  const { answers, data } = lead;
  const ordered = Array.isArray(answers) && answers.length > 0;
  const keys = ordered ? answers : typeof data === "object" && data !== null ? Object.keys(data) : [];
  for (const item of keys) {
    const label = ordered ? jsonField(item, "label") : item;
    if (typeof label !== "string") continue;
    const place = at.get(label);
    if (place === undefined && !labels) continue;
    const value = ordered ? jsonField(item, "value") : jsonField(data, label);
    if (hides) {
      const type = ordered ? jsonField(item, "type") : undefined;
      const answer = { label, value, type: typeof type === "string" ? type : undefined };
      if (isHiddenAnswer(answer, lead, privacy)) continue;
    }
    if (labels) labels.add(label);
    else if (place !== undefined) into[place] = asAnswer(value);
  }
}

type TAnswer = { label: string; value: unknown; type?: string };

/**
 * Whether an answer holds a detail the reader may not see: by its field (a phone field, a "Full name"
 * field, an "Address" field) or by its value (the lead's own name or phone, under any label).
 */
function isHiddenAnswer(
  answer: TAnswer,
  lead: { name: string | null; phone: string | null },
  privacy: TContactPrivacy,
): boolean {
  if (!privacy.hideName && !privacy.hidePhone && !privacy.hideAddress) return false;
  const kind = contactKindOfAnswer({ key: answer.label, type: answer.type });
  if (kind === "name" && privacy.hideName) return true;
  if (kind === "phone" && privacy.hidePhone) return true;
  if (kind === "address" && privacy.hideAddress) return true;
  if (typeof answer.value !== "string") return false;
  const text = answer.value.trim();
  if (privacy.hideName && lead.name && text.toLowerCase().includes(lead.name.toLowerCase())) return true;
  if (privacy.hidePhone && lead.phone && normalizePhone(text) === lead.phone) return true;
  return false;
}
