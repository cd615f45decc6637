import type { TLeadFilters } from "@leadpost/shared";
import { LEAD_STATUSES, LEAD_TEST_FILTERS, type ROUTING_STATUSES } from "@leadpost/shared/domain/leads";

export type TLeadStatus = (typeof LEAD_STATUSES)[number];

export const STATUS_LABELS: Record<TLeadStatus, string> = {
  new: "New",
  routed: "Routed",
  unrouted: "Unrouted",
  sold_out: "Sold out",
};

/**
 * The submission's routing as the lead detail says it. A lead is stored first and routed by the
 * routing worker just after (usually within a second), so "pending" is shown as routing in progress.
 */
export const ROUTING_STATUS_LABELS: Record<(typeof ROUTING_STATUSES)[number], string> = {
  pending: "Routing…",
  routed: "Routed",
  unrouted: "Unrouted",
  failed: "Failed",
  skipped: "Not routed (spam or test)",
};

/** The screen's filters live in the address, so a filtered view can be shared and survives reloads. */
export function filtersFromParams(params: URLSearchParams): TLeadFilters & { page: number } {
  const status = params.get("status");
  const test = params.get("test");
  const page = Number(params.get("page") ?? "1");
  return {
    search: params.get("search") || undefined,
    formId: params.get("formId") || undefined,
    nicheId: params.get("nicheId") || undefined,
    status: (LEAD_STATUSES as readonly string[]).includes(status ?? "") ? (status as TLeadStatus) : undefined,
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
    test: (LEAD_TEST_FILTERS as readonly string[]).includes(test ?? "")
      ? (test as (typeof LEAD_TEST_FILTERS)[number])
      : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The leads filter's choices: production leads unless the sandbox's test leads are asked for. */
export const TEST_FILTER_LABELS: Record<(typeof LEAD_TEST_FILTERS)[number], string> = {
  only: "Test leads (sandbox)",
  include: "Production and test",
};

export function locationText(lead: { city: string | null; state: string | null; zipCode: string | null }) {
  const place = [lead.city, lead.state].filter(Boolean).join(", ");
  return [place, lead.zipCode].filter(Boolean).join(" ") || "—";
}
