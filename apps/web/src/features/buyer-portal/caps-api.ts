import { api } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// Caps and pause (docs/buyer-portal.md "Caps and pause"), apart from ./api: only the dashboard's
// lazily loaded caps card calls them, so the portal's other pages do not carry them.
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);
const ZBuyerCapUsageSchema = schema("ZBuyerCapUsageSchema");
const ZPauseResultSchema = schema("ZPauseResultSchema");

const headers = (buyerId: string | null) => (buyerId ? { "X-Buyer-Id": buyerId } : undefined);

export const capsQueryKey = (buyerId: string | null) => ["buyer-portal", buyerId, "caps"] as const;

export const fetchCapUsage = (buyerId: string | null, signal?: AbortSignal) =>
  api.get("/api/buyer-portal/caps", { headers: headers(buyerId), schema: ZBuyerCapUsageSchema, signal });

/** "Pause leads until…": an ISO moment ahead, or null to pause indefinitely. */
export const pauseLeads = (buyerId: string | null, until: string | null) =>
  api.post("/api/buyer-portal/pause", {
    body: { until },
    headers: headers(buyerId),
    schema: ZPauseResultSchema,
  });

export const resumeLeads = (buyerId: string | null) =>
  api.post("/api/buyer-portal/resume", { headers: headers(buyerId), schema: ZPauseResultSchema });
