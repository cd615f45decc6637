// Spec 003: the Lead Buyer Portal's constants, texts and pure rules, without zod (schemas/buyer-portal.ts
// holds the API shapes).

export const CRM_STATUSES = ["new", "contacted", "qualified", "converted", "lost"] as const;
export type TCrmStatus = (typeof CRM_STATUSES)[number];
export const CRM_STATUS_LABELS: Record<TCrmStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  converted: "Converted",
  lost: "Lost",
};

/** Spec 003 §9 constants. */
export const BUYER_PORTAL_LIMITS = {
  DASHBOARD_PREVIEWS: 6,
  LOW_BALANCE_BELOW: 10,
  REMAINING_LEADS_WARNING_BELOW: 5,
  PREMIUM_PACKAGE_ABOVE: 100,
  URGENCY_SLOTS_AT_MOST: 2,
  CREDITS_REDIRECT_MS: 5000,
  PAGE_SIZE_MAX: 100,
  BULK_DELETE_MAX: 200,
  NOTES_MAX: 5000,
} as const;

/** Spec 003 §8, texts shown by the portal. */
export const BUYER_PORTAL_MESSAGES = {
  PHONE_INVALID: "Please enter a valid phone number",
  NO_BUYER: "No buyer profile found",
  LEAD_NOT_FOUND: "Lead not found",
  LEAD_DELETED: "Lead deleted successfully",
  LEADS_DELETED: "Leads deleted successfully",
  LEAD_DELETE_FAILED: "Failed to delete lead",
  LEADS_DELETE_FAILED: "Failed to delete leads",
  PROFILE_SAVED: "Profile updated successfully",
  PROFILE_SAVE_FAILED: "Failed to save profile",
  LOAD_FAILED: "Failed to load buyer information",
  CONTACT_NAME_MIN: "Contact name must be at least 2 characters",
  COMPANY_NAME_MIN: "Company name must be at least 2 characters",
} as const;

// ---- Package display (spec 003 §4) ----

export type TPackageKind = "unlimited" | "premium" | "basic" | "none";
export type TPackageTone = "green" | "yellow" | "red";
export type TPackageDisplay = {
  kind: TPackageKind;
  label: string;
  total: number;
  remaining: number;
  /** Remaining share in percent (0–100), null when unlimited or no package. */
  percentRemaining: number | null;
  tone: TPackageTone | null;
  message: string;
};

/**
 * The subscription card: all-you-can-eat is unlimited; more than 100 prepaid leads is Premium, more than 0
 * Basic, else No Package. The remaining share colours it (> 50 % green, > 20 % yellow, else red).
 */
export function packageDisplay(buyer: {
  allYouCanEatEnabled: boolean;
  prepaidLeadsTotal: number;
  prepaidLeadsRemaining: number;
}): TPackageDisplay {
  const total = Math.max(0, buyer.prepaidLeadsTotal);
  const remaining = Math.max(0, Math.min(buyer.prepaidLeadsRemaining, total));
  if (buyer.allYouCanEatEnabled) {
    return {
      kind: "unlimited",
      label: "All-You-Can-Eat",
      total,
      remaining,
      percentRemaining: null,
      tone: null,
      message: "Unlimited leads: every matching lead comes to you in full.",
    };
  }
  if (total <= 0) {
    return {
      kind: "none",
      label: "No Package",
      total: 0,
      remaining: 0,
      percentRemaining: null,
      tone: null,
      message: "You have no lead package. Unlock leads with credits.",
    };
  }
  const percentRemaining = Math.round((remaining / total) * 1000) / 10;
  const tone: TPackageTone = percentRemaining > 50 ? "green" : percentRemaining > 20 ? "yellow" : "red";
  const message =
    remaining === 0
      ? "You have used all leads in your package."
      : remaining < BUYER_PORTAL_LIMITS.REMAINING_LEADS_WARNING_BELOW
        ? "You are running low on leads."
        : "You're all set.";
  return {
    kind: total > BUYER_PORTAL_LIMITS.PREMIUM_PACKAGE_ABOVE ? "premium" : "basic",
    label: total > BUYER_PORTAL_LIMITS.PREMIUM_PACKAGE_ABOVE ? "Premium Package" : "Basic Package",
    total,
    remaining,
    percentRemaining,
    tone,
    message,
  };
}

/** "N of M slots sold"; sold out at or above the cap; urgency at 2 or fewer slots left. */
export function slotState(saleCount: number, saleCap: number) {
  const slotsLeft = Math.max(0, saleCap - saleCount);
  return {
    slotsLeft,
    soldOut: slotsLeft === 0,
    urgent: slotsLeft > 0 && slotsLeft <= BUYER_PORTAL_LIMITS.URGENCY_SLOTS_AT_MOST,
    label: `${Math.min(saleCount, saleCap)} of ${saleCap} slots sold`,
  };
}

/** Credit quantity 1–999; anything else becomes 1 (spec 003 §5). */
export function normalizeCreditQuantity(input: unknown): number {
  const n = typeof input === "number" ? input : Number(String(input ?? "").trim());
  return Number.isInteger(n) && n >= 1 && n <= 999 ? n : 1;
}
