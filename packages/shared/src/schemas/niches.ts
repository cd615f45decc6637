import { z } from "zod";

// Niches (001 §3): the services a company sells, each with a default price per lead in USD.

export const NICHE_MESSAGES = {
  NAME_REQUIRED: "Please enter a niche name.",
  NAME_TOO_LONG: "Niche name must be at most 80 characters.",
  PRICE_INVALID: "Price must be a number of at least 0.",
  DUPLICATE: "A niche with this name already exists.",
  NOT_FOUND: "Niche not found.",
  CREATED: "Niche created successfully!",
  UPDATED: "Niche updated successfully!",
  DELETED: "Niche deleted successfully.",
  PERMISSION: "Permission denied. You must be an owner or admin to manage niches.",
  LOAD_FAILED: "Failed to load niches",
} as const;

/** "Used by 1 buyer" / "Used by 3 buyers": why a niche cannot be deleted yet. */
export function nicheInUseMessage(buyerCount: number): string {
  const buyers = buyerCount === 1 ? "1 buyer" : `${buyerCount} buyers`;
  return `This niche is used by ${buyers}. Move them to another niche or archive them before deleting it.`;
}

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
