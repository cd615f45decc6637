import { ZBuyersMapSchema } from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

export const buyersMapQueryKey = ["buyers-map"] as const;

export const fetchBuyersMap = (signal?: AbortSignal) =>
  apiClient.get("/api/buyers/map", { schema: ZBuyersMapSchema, signal });
