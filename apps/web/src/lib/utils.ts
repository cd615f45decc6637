import { type ClassValue, clsx } from "clsx";
import { mergeClasses } from "./merge-classes";

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/**
 * How far a count is known (@leadpost/shared "counts"): counted ("exact"), the server's estimate
 * ("estimated"), or counted up to a limit the rows pass ("atLeast": there are more).
 */
export type TCountKind = "exact" | "estimated" | "atLeast";

/** A count for display: "1,234" when exact, "about 1.2M" or "about 52K" when estimated, "1,000+" at least. */
export const formatCount = (n: number, kind: TCountKind = "exact"): string =>
  kind === "estimated"
    ? `about ${n.toLocaleString("en", { notation: "compact", maximumSignificantDigits: 2 })}`
    : n.toLocaleString("en") + (kind === "atLeast" ? "+" : "");
