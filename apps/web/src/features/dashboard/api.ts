import { type TDashboardSummary, ZDashboardSummarySchema } from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

export const dashboardKeys = { summary: () => ["dashboard", "summary"] as const };

export const fetchDashboardSummary = (signal?: AbortSignal): Promise<TDashboardSummary> =>
  apiClient.get("/api/dashboard/summary", { schema: ZDashboardSummarySchema, signal });
