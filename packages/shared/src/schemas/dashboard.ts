import { z } from "zod";
import { BUSINESS_PERIODS } from "../domain/business-periods";

export { BUSINESS_PERIODS };

export const ZBusinessQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((n) => (BUSINESS_PERIODS as readonly number[]).includes(n), "Choose 7, 30 or 90 days")
    .default(30),
});
export type TBusinessQuery = z.infer<typeof ZBusinessQuerySchema>;

const ZNamedCountSchema = z.object({ name: z.string(), leads: z.number() });

/** What the company dashboard's charts show for a period; test leads are never counted. */
export const ZBusinessOverviewSchema = z.object({
  days: z.number(),
  timeZone: z.string(),
  /** One entry per day of the period, oldest first, in the company's time zone. */
  daily: z.array(z.object({ date: z.string(), leads: z.number(), sold: z.number(), calls: z.number() })),
  /** Leads per form (the largest six, then "Other forms"; "No form" for API and manual leads). */
  byForm: z.array(ZNamedCountSchema),
  /** Leads per source: utm_source, else the ad click id's network, else the referring site, else direct. */
  bySource: z.array(ZNamedCountSchema),
  sales: z.object({ leads: z.number(), sold: z.number(), unsold: z.number(), saleRate: z.number() }),
  credits: z.object({ spent: z.number(), valueUsd: z.number(), creditValueUsd: z.number() }),
  topBuyers: z.array(
    z.object({ buyerId: z.string(), name: z.string(), leadsBought: z.number(), creditsSpent: z.number() }),
  ),
});
export type TBusinessOverview = z.infer<typeof ZBusinessOverviewSchema>;
