import type { TUpdateBuyerDistribution } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// A buyer's bids per niche and lead filters (docs/routing.md "Lead filters"). The answer's schema is
// checked in development and tests only, so the buyers page does not download more zod to read it.
const schema = devSchemas(import.meta.env.DEV ? () => import("./distribution-api-schemas") : undefined);

export const buyerDistributionKey = (buyerId: string) => ["buyers", buyerId, "distribution"] as const;

export const fetchBuyerDistribution = (buyerId: string, signal?: AbortSignal) =>
  api.get("/api/buyers/{buyerId}/distribution", {
    params: { buyerId },
    schema: schema("ZBuyerDistributionSchema"),
    signal,
  });

export const updateBuyerDistribution = (buyerId: string, body: TUpdateBuyerDistribution) =>
  api.patch("/api/buyers/{buyerId}/distribution", {
    params: { buyerId },
    body,
    schema: schema("ZBuyerDistributionSchema"),
  });
