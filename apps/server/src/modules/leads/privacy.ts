import {
  contactKindOfAnswer,
  normalizePhone,
  type TContactPrivacy,
  type TLeadSummary,
} from "@leadpost/shared";

type TContactKind = TLeadSummary["hiddenContact"][number];

/** The customer details this reader may not see, in the order the toggles are listed. */
export function hiddenKinds(privacy: TContactPrivacy): TContactKind[] {
  const kinds: TContactKind[] = [];
  if (privacy.hideName) kinds.push("name");
  if (privacy.hidePhone) kinds.push("phone");
  if (privacy.hideAddress) kinds.push("address");
  return kinds;
}

/** A lead's name and phone as this reader may see them (null when hidden). */
export function visibleContact(
  lead: { name: string | null; phone: string | null },
  privacy: TContactPrivacy,
) {
  return {
    name: privacy.hideName ? null : lead.name,
    phone: privacy.hidePhone ? null : lead.phone,
  };
}

type TAnswer = { label: string; value: unknown; type?: string };

/**
 * Whether an answer holds a detail the reader may not see: by its field (a phone field, a "Full name"
 * field, an "Address" field) or by its value (the lead's own name or phone, under any label).
 */
export function isHiddenAnswer(
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
