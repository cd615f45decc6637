import { useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

/** The returns waiting for a decision, for the navigation's count (refreshed every minute). */
export function usePendingReturnCount(enabled: boolean): number {
  const counts = useQuery({
    queryKey: ["returns", "counts"],
    queryFn: ({ signal }) =>
      apiClient.get("/api/returns/counts", {
        // Lazily: the layout asks for it, and the first load carries no zod.
        schema: () => import("@leadpost/shared/schemas/returns").then((m) => m.ZReturnCountsSchema),
        signal,
      }),
    enabled,
    refetchInterval: 60_000,
    retry: false,
  });
  return counts.data?.pending ?? 0;
}
