import { z } from "zod";
import { BUYER_PORTAL_LIMITS, BUYER_PORTAL_MESSAGES, CRM_STATUSES } from "../domain/buyer-portal";
import { optionalE164PhoneField } from "./phone-field";

// Spec 003: the Lead Buyer Portal (dashboard, available leads, my leads, settings, billing).

// Constants, texts and pure rules in a file of their own (no zod, no phone rules): the portal's pages
// read them without loading the schemas.
export * from "../domain/buyer-portal";

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
    /** The buyer's previews, counted up to 1,000. */
    availablePreviews: z.number(),
    /** There are more previews than availablePreviews. */
    morePreviews: z.boolean(),
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
  /** The previews matching the filters; with `moreThanTotal`, a lower bound (counted up to 1,000). */
  total: z.number(),
  /** There are more previews than `total` (counted up to 1,000 where the buyer's area holds many leads). */
  moreThanTotal: z.boolean(),
  /** Whether a page follows this one. */
  hasMore: z.boolean(),
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
