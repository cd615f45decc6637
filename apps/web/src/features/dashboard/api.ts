import type { TDashboardSummary } from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

export const dashboardKeys = { summary: () => ["dashboard", "summary"] as const };

export const fetchDashboardSummary = (signal?: AbortSignal): Promise<TDashboardSummary> =>
  apiClient.get("/api/dashboard/summary", {
    // Loaded with the call so the dashboard's first load has no zod.
    schema: () => import("@leadpost/shared/schemas/leads").then((s) => s.ZDashboardSummarySchema),
    signal,
  });
