// The niches' texts, zod-free for the browser (schemas/niches.ts re-exports them).

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
