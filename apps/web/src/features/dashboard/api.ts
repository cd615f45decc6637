import type { TBusinessOverview, TDashboardSummary, TReturnRates } from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

export const dashboardKeys = {
  summary: () => ["dashboard", "summary"] as const,
  business: (days: number) => ["dashboard", "business", days] as const,
};

export const fetchDashboardSummary = (signal?: AbortSignal): Promise<TDashboardSummary> =>
  apiClient.get("/api/dashboard/summary", {
    // Loaded with the call so the dashboard's first load has no zod.
    schema: () => import("@leadpost/shared/schemas/leads").then((s) => s.ZDashboardSummarySchema),
    signal,
  });

export const fetchBusinessOverview = (days: number, signal?: AbortSignal): Promise<TBusinessOverview> =>
  apiClient.get("/api/dashboard/business", {
    query: { days },
    schema: () => import("@leadpost/shared/schemas/dashboard").then((s) => s.ZBusinessOverviewSchema),
    signal,
  });

export const returnRatesKey = (days: number) => ["dashboard", "return-rates", days] as const;

export const fetchReturnRates = (days: number, signal?: AbortSignal): Promise<TReturnRates> =>
  apiClient.get("/api/returns/rates", {
    query: { days },
    schema: () => import("@leadpost/shared/schemas/returns").then((s) => s.ZReturnRatesSchema),
    signal,
  });
