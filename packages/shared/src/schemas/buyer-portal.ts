import { z } from "zod";
import { optionalE164PhoneField } from "./phone-field";

// Spec 003: the Lead Buyer Portal (dashboard, available leads, my leads, settings, billing).

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

// ---- API shapes ----

export const ZBuyerProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  contactName: z.string(),
  companyName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  serviceRadius: z.number(),
  niche: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(["pending", "active", "inactive"]),
});
export type TBuyerProfile = z.infer<typeof ZBuyerProfileSchema>;

/**
 * Spec 003 §5: only these three are the buyer's to edit; empty company name or phone is stored as
 * null. A PATCH: the keys sent change, absent ones stay as stored. The phone is stored as E.164.
 */
export const ZBuyerProfileUpdateSchema = z.object({
  contactName: z
    .string()
    .trim()
    .min(2, BUYER_PORTAL_MESSAGES.CONTACT_NAME_MIN)
    .max(100, "Contact name must be at most 100 characters")
    .optional(),
  companyName: z
    .string()
    .trim()
    .max(100, "Company name must be at most 100 characters")
    .refine((v) => v === "" || v.length >= 2, BUYER_PORTAL_MESSAGES.COMPANY_NAME_MIN)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  phoneNumber: optionalE164PhoneField({
    tooShort: BUYER_PORTAL_MESSAGES.PHONE_INVALID,
    invalid: BUYER_PORTAL_MESSAGES.PHONE_INVALID,
  }),
});
export type TBuyerProfileUpdate = z.input<typeof ZBuyerProfileUpdateSchema>;

const ZPackageDisplaySchema = z.object({
  kind: z.enum(["unlimited", "premium", "basic", "none"]),
  label: z.string(),
  total: z.number(),
  remaining: z.number(),
  percentRemaining: z.number().nullable(),
  tone: z.enum(["green", "yellow", "red"]).nullable(),
  message: z.string(),
});

export const ZBuyerSummarySchema = z.object({
  profile: ZBuyerProfileSchema,
  company: z.object({
    id: z.string(),
    name: z.string(),
    creditValueUsd: z.number(),
    /** Where the buyer writes for help: the company's admin e-mail. */
    supportEmail: z.string().nullable(),
  }),
  package: ZPackageDisplaySchema,
  stats: z.object({
    fullAccessLeads: z.number(),
    availablePreviews: z.number(),
    /** The buyer's wallet, shown as Organization Credits (PRODUCT §2). */
    credits: z.number(),
  }),
  /** company_has_payment_configured: PayPal client id and secret for the company's current mode. */
  paymentConfigured: z.boolean(),
  paymentMode: z.enum(["sandbox", "live"]),
});
export type TBuyerSummary = z.infer<typeof ZBuyerSummarySchema>;

export const PREVIEW_AVAILABILITY = ["available", "sold_out"] as const;

export const ZPreviewListQuerySchema = z.object({
  /** Matches city, state, zip or service type. */
  search: z.string().trim().max(200).optional(),
  state: z.string().trim().max(50).optional(),
  availability: z.enum(PREVIEW_AVAILABILITY).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(BUYER_PORTAL_LIMITS.PAGE_SIZE_MAX).default(25),
});
type TPaged<T> = Omit<T, "page" | "pageSize"> & { page?: number; pageSize?: number };
export type TPreviewListQuery = TPaged<z.output<typeof ZPreviewListQuerySchema>>;

export const ZPreviewLeadSchema = z.object({
  leadId: z.string(),
  createdAt: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  serviceType: z.string(),
  niche: z.string().nullable(),
  saleCap: z.number(),
  saleCount: z.number(),
  slotsLeft: z.number(),
  soldOut: z.boolean(),
  /** Credits this buyer pays to unlock it. */
  priceCredits: z.number(),
});
export type TPreviewLead = z.infer<typeof ZPreviewLeadSchema>;

export const ZPreviewListSchema = z.object({
  previews: z.array(ZPreviewLeadSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type TPreviewList = z.infer<typeof ZPreviewListSchema>;

export const ZLeadIdParamSchema = z.object({ leadId: z.uuid() });
export const ZBulkDeletePreviewsSchema = z.object({
  leadIds: z.array(z.uuid()).min(1).max(BUYER_PORTAL_LIMITS.BULK_DELETE_MAX),
});
export const ZDeleteResultSchema = z.object({ deleted: z.number(), message: z.string() });

export const ZMyLeadFiltersSchema = z.object({
  /** Matches name, e-mail, phone, city or zip. */
  search: z.string().trim().max(200).optional(),
  crmStatus: z.enum(CRM_STATUSES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type TMyLeadFilters = z.infer<typeof ZMyLeadFiltersSchema>;

export const ZMyLeadListQuerySchema = ZMyLeadFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(BUYER_PORTAL_LIMITS.PAGE_SIZE_MAX).default(25),
});
export type TMyLeadListQuery = TPaged<z.output<typeof ZMyLeadListQuerySchema>>;

const ZAnswerValueSchema = z.union([z.string(), z.array(z.string()), z.boolean(), z.number(), z.null()]);

export const ZMyLeadSchema = z.object({
  leadId: z.string(),
  createdAt: z.string(),
  unlockedAt: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  serviceType: z.string(),
  niche: z.string().nullable(),
  acquiredVia: z.enum(["all_you_can_eat", "prepaid", "credits", "manual"]).nullable(),
  creditsSpent: z.number(),
  crmStatus: z.enum(CRM_STATUSES),
  notes: z.string().nullable(),
  /**
   * What the buyer sees of the lead, each value once: every answer under the form's own label, then
   * any value found in them that no answer shows as is. `kind` marks an e-mail or phone value.
   */
  fields: z.array(
    z.object({ label: z.string(), value: ZAnswerValueSchema, kind: z.enum(["email", "phone"]).nullable() }),
  ),
});
export type TMyLead = z.infer<typeof ZMyLeadSchema>;

export const ZMyLeadListSchema = z.object({
  leads: z.array(ZMyLeadSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  statusCounts: z.record(z.enum(CRM_STATUSES), z.number()),
});
export type TMyLeadList = z.infer<typeof ZMyLeadListSchema>;

export const ZMyLeadUpdateSchema = z
  .object({
    crmStatus: z.enum(CRM_STATUSES).optional(),
    notes: z
      .string()
      .max(BUYER_PORTAL_LIMITS.NOTES_MAX)
      .nullish()
      .transform((v) => (v?.trim() ? v : v === undefined ? undefined : null)),
  })
  .refine((v) => v.crmStatus !== undefined || v.notes !== undefined, { message: "Nothing to update" });
export type TMyLeadUpdate = z.input<typeof ZMyLeadUpdateSchema>;

export const BILLING_STATUSES = ["paid", "pending", "failed"] as const;
export const ZBillingRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** US dollars. */
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  status: z.enum(BILLING_STATUSES),
  type: z.enum(["subscription", "purchase"]),
});
export type TBillingRow = z.infer<typeof ZBillingRowSchema>;
export const ZBillingHistorySchema = z.object({ rows: z.array(ZBillingRowSchema) });
export type TBillingHistory = z.infer<typeof ZBillingHistorySchema>;
