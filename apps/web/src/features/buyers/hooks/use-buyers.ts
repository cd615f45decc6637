import type { TBuyerTab } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { buyersQueryKey, companyStatusQueryKey, fetchBuyers, fetchCompanyStatus } from "../api";

export function useBuyers(status: TBuyerTab, nicheId: string | undefined) {
  return useQuery({
    queryKey: [...buyersQueryKey, status, nicheId ?? null],
    queryFn: ({ signal }) => fetchBuyers({ status, nicheId }, signal),
  });
}

/** Trial, tier and setup completeness of the company on screen. */
export function useCompanyStatus(enabled = true) {
  return useQuery({
    queryKey: companyStatusQueryKey,
    queryFn: ({ signal }) => fetchCompanyStatus(signal),
    staleTime: 5 * 60 * 1000,
    enabled,
  });
}
