import {
  BUYER_PORTAL_MESSAGES,
  type TMyLeadListQuery,
  type TMyLeadUpdate,
  type TPreviewListQuery,
} from "@leadpost/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import {
  buyerPortalKeys,
  deletePreview,
  deletePreviews,
  fetchBilling,
  fetchMyLeads,
  fetchPreviews,
  fetchProfile,
  fetchSummary,
  updateMyLead,
} from "../api";
import { useBuyerId } from "./use-buyer-id";

export { useBuyerId };

// Spec 003 §9: buyer data is cached 5 minutes and not retried.
const BUYER_DATA_STALE_MS = 5 * 60 * 1000;

export function useBuyerSummary() {
  const buyerId = useBuyerId();
  return useQuery({
    queryKey: buyerPortalKeys.summary(buyerId),
    queryFn: ({ signal }) => fetchSummary(buyerId, signal),
    staleTime: BUYER_DATA_STALE_MS,
    retry: false,
  });
}

export function usePreviews(query: TPreviewListQuery) {
  const buyerId = useBuyerId();
  return useQuery({
    queryKey: buyerPortalKeys.previews(buyerId, query),
    queryFn: ({ signal }) => fetchPreviews(buyerId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyLeads(query: TMyLeadListQuery) {
  const buyerId = useBuyerId();
  return useQuery({
    queryKey: buyerPortalKeys.myLeads(buyerId, query),
    queryFn: ({ signal }) => fetchMyLeads(buyerId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBuyerProfile() {
  const buyerId = useBuyerId();
  return useQuery({
    queryKey: buyerPortalKeys.profile(buyerId),
    queryFn: ({ signal }) => fetchProfile(buyerId, signal),
    staleTime: BUYER_DATA_STALE_MS,
    retry: false,
  });
}

export function useBillingHistory() {
  const buyerId = useBuyerId();
  return useQuery({
    queryKey: buyerPortalKeys.billing(buyerId),
    queryFn: ({ signal }) => fetchBilling(buyerId, signal),
  });
}

/** Refetches every buyer-portal query of this workspace (after a purchase, a delete, a live event). */
export function useRefreshBuyerPortal() {
  const queryClient = useQueryClient();
  const buyerId = useBuyerId();
  return () => queryClient.invalidateQueries({ queryKey: buyerPortalKeys.all(buyerId) });
}

/** Deletes one or several previews; the spec's toasts either way. */
export function useDeletePreviews() {
  const buyerId = useBuyerId();
  const refresh = useRefreshBuyerPortal();
  return useMutation({
    mutationFn: (leadIds: string[]) =>
      leadIds.length === 1 ? deletePreview(buyerId, leadIds[0]!) : deletePreviews(buyerId, leadIds),
    onSuccess: (result) => {
      toast.success(result.message);
      void refresh();
    },
    onError: (_error, leadIds) => {
      toast.error(
        leadIds.length === 1
          ? BUYER_PORTAL_MESSAGES.LEAD_DELETE_FAILED
          : BUYER_PORTAL_MESSAGES.LEADS_DELETE_FAILED,
      );
    },
  });
}

export function useUpdateMyLead() {
  const buyerId = useBuyerId();
  const refresh = useRefreshBuyerPortal();
  return useMutation({
    mutationFn: ({ leadId, update }: { leadId: string; update: TMyLeadUpdate }) =>
      updateMyLead(buyerId, leadId, update),
    onSuccess: () => void refresh(),
  });
}
