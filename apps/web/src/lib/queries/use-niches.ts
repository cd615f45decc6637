import { useQuery } from "@tanstack/react-query";
import { fetchNiches, nichesQueryKey } from "./niches";

/** Niches are cached for 5 minutes (001 §9); every change invalidates them. */
export function useNiches() {
  return useQuery({
    queryKey: nichesQueryKey,
    queryFn: ({ signal }) => fetchNiches(signal),
    staleTime: 5 * 60 * 1000,
  });
}
