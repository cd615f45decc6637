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

/**
 * A count for display, written the way of `locale` (the company's country: useDisplayFormat().count):
 * "1,234" when exact ("1.234" in Germany), "about 1.2M" or "about 52K" when estimated, "1,000+" at least.
 */
export const formatCount = (n: number, kind: TCountKind = "exact", locale = "en-US"): string =>
  kind === "estimated"
    ? `about ${n.toLocaleString(locale, { notation: "compact", maximumSignificantDigits: 2 })}`
    : n.toLocaleString(locale) + (kind === "atLeast" ? "+" : "");
