import { z } from "zod";
import { DISTRIBUTION_METHODS } from "../domain/distribution-methods";
import { LEAD_FILTER_LIMITS, LEAD_FILTER_OPERATORS } from "../domain/lead-filters";

// The distribution settings of a form (method, priority order, weights) and a buyer's bids and lead
// filters (docs/routing.md "Distribution methods"). PATCH bodies have no defaults: only the keys sent change.

export const ZDistributionMethodSchema = z.enum(DISTRIBUTION_METHODS, {
  message: "Distribution method must be round robin, priority, weighted or highest price",
});

export const ZFormDistributionBuyerInputSchema = z.object({
  buyerId: z.uuid({ message: "Buyer is not valid" }),
  weight: z
    .number({ message: "Weight must be a whole number from 0 to 1000" })
    .int({ message: "Weight must be a whole number from 0 to 1000" })
    .min(0, { message: "Weight must be a whole number from 0 to 1000" })
    .max(1000, { message: "Weight must be a whole number from 0 to 1000" })
    .optional(),
});

/** PATCH /api/forms/{formId}/distribution: `buyers` in priority order (first = priority 1) replaces the list. */
export const ZUpdateFormDistributionSchema = z
  .object({
    method: ZDistributionMethodSchema.optional(),
    buyers: z
      .array(ZFormDistributionBuyerInputSchema)
      .max(500, { message: "A form ranks at most 500 buyers" })
      .refine((list) => new Set(list.map((b) => b.buyerId)).size === list.length, {
        message: "Each buyer may appear once in the order",
      })
      .optional(),
  })
  .strict();
export type TUpdateFormDistribution = z.infer<typeof ZUpdateFormDistributionSchema>;

export const ZFormDistributionSchema = z.object({
  formId: z.string(),
  method: ZDistributionMethodSchema,
  buyers: z.array(
    z.object({
      buyerId: z.string(),
      name: z.string(),
      position: z.number(),
      weight: z.number(),
      /** Leads taken under the weighted method since the weights were last set. */
      served: z.number(),
      share: z.number(),
    }),
  ),
});
export type TFormDistribution = z.infer<typeof ZFormDistributionSchema>;

const filterValue = z
  .string()
  .trim()
  .min(1, { message: "A filter value may not be empty" })
  .max(LEAD_FILTER_LIMITS.valueLength, { message: "A filter value is too long" });

export const ZLeadFilterSchema = z.object({
  fieldId: z.string().trim().min(1, { message: "Choose the question the filter reads" }).max(100),
  operator: z.enum(LEAD_FILTER_OPERATORS, { message: "Operator must be is, is not or one of" }),
  values: z
    .array(filterValue)
    .min(1, { message: "Choose at least one answer" })
    .max(LEAD_FILTER_LIMITS.values, { message: "Too many answers in one filter" }),
});

export const ZBuyerBidInputSchema = z.object({
  nicheId: z.uuid({ message: "Niche is not valid" }),
  credits: z
    .number({ message: "A bid must be a whole number of credits from 1 to 100000" })
    .int({ message: "A bid must be a whole number of credits from 1 to 100000" })
    .min(1, { message: "A bid must be a whole number of credits from 1 to 100000" })
    .max(100_000, { message: "A bid must be a whole number of credits from 1 to 100000" }),
});

/** PATCH /api/buyers/{id}/distribution: `bids` and `leadFilters` each replace the stored list when sent. */
export const ZUpdateBuyerDistributionSchema = z
  .object({
    bids: z
      .array(ZBuyerBidInputSchema)
      .max(100)
      .refine((list) => new Set(list.map((b) => b.nicheId)).size === list.length, {
        message: "One bid per niche",
      })
      .optional(),
    leadFilters: z
      .array(ZLeadFilterSchema)
      .max(LEAD_FILTER_LIMITS.filters, { message: `At most ${LEAD_FILTER_LIMITS.filters} filters` })
      .optional(),
  })
  .strict();
export type TUpdateBuyerDistribution = z.infer<typeof ZUpdateBuyerDistributionSchema>;

export const ZBuyerDistributionSchema = z.object({
  buyerId: z.string(),
  bids: z.array(z.object({ nicheId: z.string(), nicheName: z.string(), credits: z.number() })),
  leadFilters: z.array(ZLeadFilterSchema),
  /** The questions of the forms of the buyer's niche a filter may read, with their choices. */
  fields: z.array(z.object({ fieldId: z.string(), label: z.string(), options: z.array(z.string()) })),
  /** The company's niches, for a bid per niche. */
  niches: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TBuyerDistribution = z.infer<typeof ZBuyerDistributionSchema>;
