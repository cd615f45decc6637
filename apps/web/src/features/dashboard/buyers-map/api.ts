import { apiClient } from "@/lib/api-client";

export const buyersMapQueryKey = ["buyers-map"] as const;

export const fetchBuyersMap = (signal?: AbortSignal) =>
  apiClient.get("/api/buyers/map", {
    // Loaded with the call so the dashboard's first load has no zod.
    schema: () => import("@leadpost/shared/schemas/buyers-map").then((s) => s.ZBuyersMapSchema),
    signal,
  });
