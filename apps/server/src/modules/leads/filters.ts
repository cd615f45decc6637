import { NO_CONTACT_PRIVACY, type TContactPrivacy, type TLeadFilters } from "@leadpost/shared";
import { eq, gte, ilike, lt, lte, or, type SQL } from "drizzle-orm";
import { leads } from "../../db/schema";
import { escapeLike } from "../../lib/like";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The LIKE patterns of a search text, undefined when it is blank: `pattern` for the name, e-mail, city
 * and ZIP, `phonePattern` for the phone. Also the patterns of the trigram path (search.ts), so both
 * match the same leads.
 */
export function searchPatterns(
  text: string | undefined,
): { pattern: string; phonePattern: string } | undefined {
  const search = text?.trim();
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  // Phones are stored as digits, so "(303) 555" must be searched as "303555".
  const digits = search.replace(/\D/g, "");
  return { pattern, phonePattern: digits.length >= 3 ? `%${digits}%` : pattern };
}

/**
 * A lead's name, e-mail, city, ZIP or phone contains the search text; undefined when it is blank. A
 * detail hidden from the reader is not searched (a match would reveal it).
 */
export function leadSearchCondition(
  text: string | undefined,
  privacy: TContactPrivacy = NO_CONTACT_PRIVACY,
): SQL | undefined {
  const patterns = searchPatterns(text);
  if (!patterns) return undefined;
  const { pattern, phonePattern } = patterns;
  return or(
    privacy.hideName ? undefined : ilike(leads.name, pattern),
    ilike(leads.email, pattern),
    ilike(leads.city, pattern),
    ilike(leads.zipCode, pattern),
    privacy.hidePhone ? undefined : ilike(leads.phone, phonePattern),
  );
}

/**
 * The WHERE of the leads list and export. The company comes from the session and is always the first
 * condition; dates without a time are whole UTC days. `search` stands in for the search's ILIKE when the
 * caller already knows the matching leads (search.ts).
 */
export function leadConditions(
  companyId: string,
  filters: TLeadFilters,
  opts: { ignoreStatus?: boolean; privacy?: TContactPrivacy; search?: SQL } = {},
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(leads.companyId, companyId)];
  conditions.push(opts.search ?? leadSearchCondition(filters.search, opts.privacy));
  if (filters.formId) conditions.push(eq(leads.formId, filters.formId));
  if (filters.nicheId) conditions.push(eq(leads.nicheId, filters.nicheId));
  if (filters.status && !opts.ignoreStatus) conditions.push(eq(leads.status, filters.status));
  // Sandbox and production never mix: test leads only when asked for.
  if (filters.test === "only") conditions.push(eq(leads.isTest, true));
  else if (filters.test !== "include") conditions.push(eq(leads.isTest, false));
  if (filters.from) conditions.push(gte(leads.createdAt, startOf(filters.from)));
  if (filters.to) {
    conditions.push(
      DATE_ONLY.test(filters.to)
        ? lt(leads.createdAt, new Date(startOf(filters.to).getTime() + DAY_MS))
        : lte(leads.createdAt, new Date(filters.to)),
    );
  }
  return conditions;
}

const startOf = (bound: string) => new Date(DATE_ONLY.test(bound) ? `${bound}T00:00:00Z` : bound);
