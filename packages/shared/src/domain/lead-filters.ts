// A buyer's conditions on a lead's answers ("Service needed is Roof repair or Roof replacement"). The
// eligibility rule (server: lead-distribution/decide/answer-filters.ts) reads them in TypeScript and in SQL;
// both follow the rules written here.

export const LEAD_FILTER_OPERATORS = ["is", "is_not", "one_of"] as const;
export type TLeadFilterOperator = (typeof LEAD_FILTER_OPERATORS)[number];

/** One condition: the answer to the form field `fieldId` is (one of) / is not one of `values`. */
export type TLeadFilter = { fieldId: string; operator: TLeadFilterOperator; values: string[] };

/** A lead's answers as stored (leads.answers): in form order, with the field's id and label. */
export type TLeadAnswer = { fieldId: string; label: string; type: string; value: unknown };

export const LEAD_FILTER_LIMITS = { filters: 20, values: 50, valueLength: 500 } as const;

/**
 * The texts an answer compares as: a text, a number or a yes/no as itself ("true"/"false" for a lone
 * checkbox), each such element of a list of choices; anything else compares as nothing.
 */
export function answerTexts(value: unknown): string[] {
  const one = (v: unknown): string[] =>
    typeof v === "string" ? [v] : typeof v === "number" || typeof v === "boolean" ? [String(v)] : [];
  return Array.isArray(value) ? value.flatMap(one) : one(value);
}

/** The lead's answer to a field: the first with that id; undefined when the form asked none (or it is empty). */
export function answerOf(answers: readonly TLeadAnswer[], fieldId: string): TLeadAnswer | undefined {
  const found = answers.find((a) => a.fieldId === fieldId);
  return found && found.value !== null && found.value !== undefined ? found : undefined;
}

/**
 * Whether one filter holds. A filter only reads forms that ask its question: a lead without an answer
 * to the field passes it. "is" and "one of" want one of the values; "is not" wants none of them.
 */
export function leadFilterHolds(filter: TLeadFilter, answers: readonly TLeadAnswer[]): boolean {
  const answer = answerOf(answers, filter.fieldId);
  if (!answer) return true;
  const matches = answerTexts(answer.value).some((t) => filter.values.includes(t));
  return filter.operator === "is_not" ? !matches : matches;
}

/** The first filter the lead's answers fail, or undefined when all hold. */
export function failedLeadFilter(
  filters: readonly TLeadFilter[],
  answers: readonly TLeadAnswer[],
): TLeadFilter | undefined {
  return filters.find((f) => !leadFilterHolds(f, answers));
}

const shown = (v: string) => (v === "true" ? "Yes" : v === "false" ? "No" : v);

/** "Service needed is Roof repair or Roof replacement", "Home owner is not No": a filter in words. */
export function describeLeadFilter(filter: TLeadFilter, label: string): string {
  const values = filter.values.map(shown).join(" or ");
  return filter.operator === "is_not" ? `${label} is not ${values}` : `${label} is ${values}`;
}

/** The skip reason of a lead that fails `filter`: "Filter: Service needed is not Roof repair". */
export function leadFilterSkipReason(filter: TLeadFilter, answers: readonly TLeadAnswer[]): string {
  const answer = answerOf(answers, filter.fieldId);
  const label = answer?.label || filter.fieldId;
  if (filter.operator === "is_not") {
    const hit = answerTexts(answer?.value).find((t) => filter.values.includes(t)) ?? "";
    return `Filter: ${label} is ${shown(hit)}`;
  }
  return `Filter: ${label} is not ${filter.values.map(shown).join(" or ")}`;
}

/** A stored filter's shape (buyers.lead_filters is jsonb): anything else is ignored when read. */
export function isLeadFilter(value: unknown): value is TLeadFilter {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.fieldId === "string" &&
    (LEAD_FILTER_OPERATORS as readonly unknown[]).includes(v.operator) &&
    Array.isArray(v.values) &&
    v.values.every((x) => typeof x === "string")
  );
}
