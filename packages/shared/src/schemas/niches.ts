import { z } from "zod";
import { NICHE_MESSAGES } from "../domain/niches";

export { NICHE_MESSAGES, nicheInUseMessage } from "../domain/niches";

const ZNicheName = z
  .string()
  .trim()
  .min(1, NICHE_MESSAGES.NAME_REQUIRED)
  .max(80, NICHE_MESSAGES.NAME_TOO_LONG);

/** Whole cents, at least 0, below the column's 10-digit limit. */
const ZNichePrice = z
  .number({ message: NICHE_MESSAGES.PRICE_INVALID })
  .min(0, NICHE_MESSAGES.PRICE_INVALID)
  .max(99_999_999, NICHE_MESSAGES.PRICE_INVALID)
  .transform((v) => Math.round(v * 100) / 100);

export const ZCreateNicheSchema = z.object({ name: ZNicheName, price: ZNichePrice.default(0) });
export type TCreateNicheInput = z.input<typeof ZCreateNicheSchema>;
export type TCreateNiche = z.infer<typeof ZCreateNicheSchema>;

export const ZUpdateNicheSchema = z
  .object({ name: ZNicheName, price: ZNichePrice })
  .partial()
  .refine((v) => v.name !== undefined || v.price !== undefined, { message: "Nothing to change" });
export type TUpdateNiche = z.infer<typeof ZUpdateNicheSchema>;

export const ZNicheIdParamsSchema = z.object({ nicheId: z.uuid() });

export const ZNicheSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  /** Buyers (archived ones included) that point at this niche; a niche in use cannot be deleted. */
  buyerCount: z.number(),
  activeBuyerCount: z.number(),
  createdAt: z.string(),
});
export type TNiche = z.infer<typeof ZNicheSchema>;

export const ZNicheListSchema = z.object({ niches: z.array(ZNicheSchema) });
export type TNicheList = z.infer<typeof ZNicheListSchema>;

export const ZNicheResultSchema = z.object({ niche: ZNicheSchema, message: z.string() });
