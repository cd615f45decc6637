import type { TBuyersMap } from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

export const buyersMapQueryKey = ["buyers-map"] as const;

export const fetchBuyersMap = (signal?: AbortSignal) =>
  apiClient.get<TBuyersMap>("/api/buyers/map", {
    // Part of the dashboard's first load: checked in development only (see TLazySchema).
    schema: import.meta.env.DEV
      ? () => import("@leadpost/shared/schemas/buyers-map").then((s) => s.ZBuyersMapSchema)
      : undefined,
    signal,
  });
