import {
  formatPhone,
  type TBuyer,
  type TCreateBuyerInput,
  ZCreateBuyerSchema,
  ZUpdateBuyerSchema,
} from "@leadpost/shared";

/** What the Add/Edit Buyer inputs hold: text as typed, converted only when validated. */
export type TBuyerFormValues = {
  contactName: string;
  companyName: string;
  email: string;
  phoneNumber: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  serviceRadius: string;
  serviceType: string;
  /** "" for no niche. */
  nicheId: string;
  allYouCanEatEnabled: boolean;
  costPerLead: string;
  prepaidLeadsTotal: string;
  prepaidLeadsRemaining: string;
};

export const EMPTY_BUYER_FORM: TBuyerFormValues = {
  contactName: "",
  companyName: "",
  email: "",
  phoneNumber: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
  serviceRadius: "50",
  serviceType: "",
  nicheId: "",
  allYouCanEatEnabled: false,
  costPerLead: "",
  prepaidLeadsTotal: "0",
  prepaidLeadsRemaining: "0",
};

export function buyerToFormValues(b: TBuyer): TBuyerFormValues {
  return {
    contactName: b.contactName,
    companyName: b.companyName ?? "",
    email: b.email,
    phoneNumber: b.phoneNumber ? formatPhone(b.phoneNumber) : "",
    address: b.address ?? "",
    city: b.city ?? "",
    state: b.state ?? "",
    zipCode: b.zipCode ?? "",
    serviceRadius: String(b.serviceRadius),
    serviceType: b.serviceType ?? "",
    nicheId: b.niche?.id ?? "",
    allYouCanEatEnabled: b.allYouCanEatEnabled,
    costPerLead: b.costPerLead === null ? "" : String(b.costPerLead),
    prepaidLeadsTotal: String(b.prepaidLeadsTotal),
    prepaidLeadsRemaining: String(b.prepaidLeadsRemaining),
  };
}

// An empty required number becomes NaN so the schema answers with its own message.
const requiredNumber = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));

/**
 * The API body for these values. Prepaid remaining follows the total while the user has not touched it
 * (001 §5); with All You Can Eat on, cost and prepaid inputs are hidden and cost is 0.
 */
export function toBuyerInput(v: TBuyerFormValues, opts: { remainingTouched: boolean }): TCreateBuyerInput {
  const aye = v.allYouCanEatEnabled;
  const total = v.prepaidLeadsTotal.trim() === "" ? 0 : Number(v.prepaidLeadsTotal);
  return {
    contactName: v.contactName,
    companyName: v.companyName.trim() || null,
    email: v.email,
    phoneNumber: v.phoneNumber,
    address: v.address,
    city: v.city,
    state: v.state,
    zipCode: v.zipCode,
    serviceRadius: requiredNumber(v.serviceRadius),
    serviceType: v.serviceType,
    nicheId: v.nicheId || null,
    allYouCanEatEnabled: aye,
    costPerLead: aye ? 0 : v.costPerLead.trim() === "" ? null : Number(v.costPerLead),
    prepaidLeadsTotal: total,
    prepaidLeadsRemaining: opts.remainingTouched ? requiredNumber(v.prepaidLeadsRemaining) : total,
  };
}

/** Field errors keyed by input name, first message each, from the same schema the server uses. */
export function validateBuyerInput(input: TCreateBuyerInput, mode: "create" | "edit") {
  const parsed = (mode === "create" ? ZCreateBuyerSchema : ZUpdateBuyerSchema).safeParse(input);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof TBuyerFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]) as keyof TBuyerFormValues;
    errors[key] ??= issue.message;
  }
  return errors;
}
