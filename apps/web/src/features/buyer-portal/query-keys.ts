import type { TMyLeadListQuery, TPreviewListQuery } from "@leadpost/shared";

// The portal's query keys, apart from ./api: the buyer layout's live updates read them on every portal
// page, and ./api's schemas (zod, the phone-number library) are only for the screens that call it.

export const buyerPortalKeys = {
  all: (buyerId: string | null) => ["buyer-portal", buyerId] as const,
  summary: (buyerId: string | null) => ["buyer-portal", buyerId, "summary"] as const,
  previews: (buyerId: string | null, query: TPreviewListQuery) =>
    ["buyer-portal", buyerId, "previews", query] as const,
  myLeads: (buyerId: string | null, query: TMyLeadListQuery) =>
    ["buyer-portal", buyerId, "my-leads", query] as const,
  profile: (buyerId: string | null) => ["buyer-portal", buyerId, "profile"] as const,
  billing: (buyerId: string | null) => ["buyer-portal", buyerId, "billing"] as const,
};
