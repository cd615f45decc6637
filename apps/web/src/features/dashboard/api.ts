import type { TBusinessOverview, TDashboardSummary, TReturnRates } from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";

export const dashboardKeys = {
  summary: () => ["dashboard", "summary"] as const,
  business: (days: number) => ["dashboard", "business", days] as const,
};

export const fetchDashboardSummary = (signal?: AbortSignal): Promise<TDashboardSummary> =>
  api.get("/api/dashboard/summary", {
    // The dashboard's first load: checked in development only (see TLazySchema).
    schema: import.meta.env.DEV
      ? () => import("@leadpost/shared/schemas/leads").then((s) => s.ZDashboardSummarySchema)
      : undefined,
    signal,
  });

export const fetchBusinessOverview = (days: number, signal?: AbortSignal): Promise<TBusinessOverview> =>
  api.get("/api/dashboard/business", {
    query: { days },
    schema: import.meta.env.DEV
      ? () => import("@leadpost/shared/schemas/dashboard").then((s) => s.ZBusinessOverviewSchema)
      : undefined,
    signal,
  });

export const returnRatesKey = (days: number) => ["dashboard", "return-rates", days] as const;

export const fetchReturnRates = (days: number, signal?: AbortSignal): Promise<TReturnRates> =>
  api.get("/api/returns/rates", {
    query: { days },
    // On the dashboard's first load: checked in development only, like the calls above.
    schema: import.meta.env.DEV
      ? () => import("@leadpost/shared/schemas/returns").then((s) => s.ZReturnRatesSchema)
      : undefined,
    signal,
  });
