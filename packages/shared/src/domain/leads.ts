// Leads' statuses, filters and texts, without zod: the leads screen reads them without the schemas
// (schemas/leads.ts re-exports them).

export const LEAD_STATUSES = ["new", "routed", "unrouted", "sold_out"] as const;
export type TLeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_SOURCES = ["form", "call", "api", "manual"] as const;
export const ROUTING_STATUSES = ["pending", "routed", "unrouted", "failed", "skipped"] as const;
export const LEADS_PAGE_SIZE_MAX = 100;
/** Which leads a list shows: production only (no value), the sandbox's test leads only, or both. */
export const LEAD_TEST_FILTERS = ["only", "include"] as const;

export const LEAD_MESSAGES = {
  NOT_FOUND: "Lead not found",
  DELETED: "Lead deleted successfully",
  PURCHASED: "This lead has been purchased by a buyer and cannot be deleted.",
} as const;
