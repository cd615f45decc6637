import type { TContactPrivacy, TLeadSummary } from "@leadpost/shared";

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
