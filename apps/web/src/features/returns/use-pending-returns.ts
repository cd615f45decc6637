import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api/typed-client";

/** The returns waiting for a decision, for the navigation's count (refreshed every minute). */
export function usePendingReturnCount(enabled: boolean): number {
  const counts = useQuery({
    queryKey: ["returns", "counts"],
    queryFn: ({ signal }) =>
      api.get("/api/returns/counts", {
        // Every company page's layout asks for it: checked in development only, so pages load no zod.
        schema: import.meta.env.DEV
          ? () => import("@leadpost/shared/schemas/returns").then((m) => m.ZReturnCountsSchema)
          : undefined,
        signal,
      }),
    enabled,
    refetchInterval: 60_000,
    retry: false,
  });
  return counts.data?.pending ?? 0;
}
