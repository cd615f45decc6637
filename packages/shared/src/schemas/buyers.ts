import { z } from "zod";
import { BUYER_MESSAGES, BUYER_STATUSES, BUYER_TABS, SERVICE_RADIUS } from "../domain/buyers";
import { isValidEmail, normalizeEmail } from "../domain/email";
import { US_ZIP_PATTERN } from "../domain/geo";
import { buyerCapFields, ZBuyerCapsSchema } from "./buyer-caps";
import { optionalE164PhoneField } from "./phone-field";

// The buyers map and the company status are read on pages with no buyer form: they live in phone-free
// modules so those pages do not download the phone-number library (bench/bundle-size.mjs).
export * from "./buyers-map";
export * from "./company-status";

// Lead buyers as the Buyers page of spec 001 §2–§5 manages them.

export * from "../domain/buyers";

const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const ZEmail = z
  .string()
  .trim()
  .refine((v) => isValidEmail(v), { message: BUYER_MESSAGES.EMAIL })
  .transform(normalizeEmail);

/** Optional; stored as E.164 so a buyer's number is spelt one way everywhere. */
const ZPhone = optionalE164PhoneField({ tooShort: BUYER_MESSAGES.PHONE, invalid: BUYER_MESSAGES.PHONE });

const ZZip = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || US_ZIP_PATTERN.test(v), { message: BUYER_MESSAGES.ZIP });

const ZRadius = z
  .number({ message: BUYER_MESSAGES.RADIUS_MIN })
  .int(BUYER_MESSAGES.RADIUS_WHOLE)
  .min(SERVICE_RADIUS.MIN, BUYER_MESSAGES.RADIUS_MIN)
  .max(SERVICE_RADIUS.MAX, BUYER_MESSAGES.RADIUS_MAX);

const ZCost = z
  .number({ message: BUYER_MESSAGES.COST })
  .min(0, BUYER_MESSAGES.COST)
  .max(99_999_999, BUYER_MESSAGES.COST)
  .transform((v) => Math.round(v * 100) / 100);

const ZPrepaid = (message: string) =>
  z.number({ message }).int(message).min(0, message).max(1_000_000, message);

const buyerFields = {
  contactName: z.string().trim().min(2, BUYER_MESSAGES.CONTACT_NAME).max(120),
  /** Falls back to the contact name when left empty (001 §5). */
  companyName: z
    .string()
    .trim()
    .max(160)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v.length >= 2, { message: BUYER_MESSAGES.COMPANY_NAME }),
  email: ZEmail,
  phoneNumber: ZPhone,
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(60),
  zipCode: ZZip,
  serviceRadius: ZRadius,
  serviceType: optionalText(120),
  nicheId: z.uuid({ message: BUYER_MESSAGES.NICHE_UNKNOWN }).nullish(),
  allYouCanEatEnabled: z.boolean(),
  costPerLead: ZCost.nullish(),
  prepaidLeadsTotal: ZPrepaid(BUYER_MESSAGES.PREPAID_TOTAL),
  prepaidLeadsRemaining: ZPrepaid(BUYER_MESSAGES.PREPAID_REMAINING),
};

const remainingWithinTotal = (v: { prepaidLeadsTotal?: number; prepaidLeadsRemaining?: number }) =>
  v.prepaidLeadsTotal === undefined ||
  v.prepaidLeadsRemaining === undefined ||
  v.prepaidLeadsRemaining <= v.prepaidLeadsTotal;

/** Add Buyer. Prepaid remaining defaults to the total while untouched (001 §5). */
export const ZCreateBuyerSchema = z
  .object({
    ...buyerFields,
    serviceRadius: buyerFields.serviceRadius.default(SERVICE_RADIUS.DEFAULT),
    allYouCanEatEnabled: buyerFields.allYouCanEatEnabled.default(false),
    prepaidLeadsTotal: buyerFields.prepaidLeadsTotal.default(0),
    prepaidLeadsRemaining: buyerFields.prepaidLeadsRemaining.optional(),
  })
  .refine(remainingWithinTotal, {
    message: BUYER_MESSAGES.PREPAID_REMAINING,
    path: ["prepaidLeadsRemaining"],
  });
export type TCreateBuyerInput = z.input<typeof ZCreateBuyerSchema>;
export type TCreateBuyer = z.infer<typeof ZCreateBuyerSchema>;

/** Edit Buyer: only the fields sent change (caps and schedules included, docs/buyers.md). */
export const ZUpdateBuyerSchema = z
  .object({ ...buyerFields, ...buyerCapFields })
  .partial()
  .refine(remainingWithinTotal, {
    message: BUYER_MESSAGES.PREPAID_REMAINING,
    path: ["prepaidLeadsRemaining"],
  });
export type TUpdateBuyer = z.infer<typeof ZUpdateBuyerSchema>;

export const ZBuyerIdParamsSchema = z.object({ buyerId: z.uuid() });

export const ZBuyerListQuerySchema = z.object({
  status: z.enum(BUYER_TABS).default("all"),
  nicheId: z.uuid().optional(),
});

export const ZBuyerStatusInputSchema = z.object({ status: z.enum(["active", "inactive"]) });
export const ZArchiveBuyerSchema = z.object({ confirmName: z.string().max(300) });

export const ZBuyerSchema = z.object({
  id: z.string(),
  contactName: z.string(),
  companyName: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  serviceRadius: z.number(),
  serviceType: z.string().nullable(),
  niche: z.object({ id: z.string(), name: z.string(), price: z.number() }).nullable(),
  status: z.enum(BUYER_STATUSES),
  source: z.enum(["manual", "invitation", "application"]),
  /** user_id is never sent; the card only needs to know whether one exists (No Account badge). */
  hasAccount: z.boolean(),
  /** A pending invitation that has not expired: the card offers Resend. */
  invitationPending: z.boolean(),
  allYouCanEatEnabled: z.boolean(),
  costPerLead: z.number().nullable(),
  /** The buyer's cost per lead, else its niche's price; null when neither is set. */
  effectivePrice: z.number().nullable(),
  costPerLeadCredits: z.number().nullable(),
  prepaidLeadsTotal: z.number(),
  prepaidLeadsRemaining: z.number(),
  creditBalance: z.number(),
  createdAt: z.string(),
  ...ZBuyerCapsSchema.shape,
});
export type TBuyer = z.infer<typeof ZBuyerSchema>;

export const ZBuyerListSchema = z.object({
  buyers: z.array(ZBuyerSchema),
  counts: z.object({ active: z.number(), pending: z.number(), inactive: z.number(), all: z.number() }),
  creditValueUsd: z.number(),
});
export type TBuyerList = z.infer<typeof ZBuyerListSchema>;

export const ZBuyerResultSchema = z.object({ buyer: ZBuyerSchema, message: z.string() });
export type TBuyerResult = z.infer<typeof ZBuyerResultSchema>;
export const ZArchiveBuyerResultSchema = z.object({ success: z.literal(true), message: z.string() });

/** A prospective buyer applies to a company through /register?company={id} (PRODUCT §2). */
export const ZBuyerApplicationSchema = z.object({
  companyId: z.uuid({
    message: "No company association was found. Ask the company for its application link.",
  }),
  contactName: buyerFields.contactName,
  companyName: buyerFields.companyName,
  email: ZEmail,
  phoneNumber: ZPhone.transform((v) => v ?? null),
  city: optionalText(100),
  state: optionalText(60),
  zipCode: ZZip,
  serviceRadius: ZRadius.default(SERVICE_RADIUS.DEFAULT),
  nicheId: z.uuid({ message: BUYER_MESSAGES.NICHE_UNKNOWN }).nullish(),
  message: optionalText(2000),
});
export type TBuyerApplicationInput = z.input<typeof ZBuyerApplicationSchema>;
export type TBuyerApplication = z.infer<typeof ZBuyerApplicationSchema>;

export const ZApplicationCompanySchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  niches: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TApplicationCompany = z.infer<typeof ZApplicationCompanySchema>;
