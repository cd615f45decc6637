import { api } from "@/lib/api/typed-client";

export const buyersMapQueryKey = ["buyers-map"] as const;

export const fetchBuyersMap = (signal?: AbortSignal) =>
  api.get("/api/buyers/map", {
    // Part of the dashboard's first load: checked in development only (see TLazySchema).
    schema: import.meta.env.DEV
      ? () => import("@leadpost/shared/schemas/buyers-map").then((s) => s.ZBuyersMapSchema)
      : undefined,
    signal,
  });
