import type { TRealtimePayload } from "@leadpost/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvents } from "@/lib/live-events";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { buyerPortalKeys } from "../query-keys";

/**
 * Spec 003 §2.3: one event stream while the portal is open. A new entry for this buyer shows "New Lead
 * Available!" and refreshes counts; credit, buyer and company changes refresh the balance and cards.
 */
export function useBuyerLiveUpdates() {
  const queryClient = useQueryClient();
  const { buyerId, companyId } = useWorkspace().workspace;
  const refreshAll = () => {
    if (buyerId) void queryClient.invalidateQueries({ queryKey: buyerPortalKeys.all(buyerId) });
  };
  const mine = (p: TRealtimePayload) => (p.buyerId ? p.buyerId === buyerId : p.companyId === companyId);

  useLiveEvents(
    ["buyer_lead_created", "credits_changed", "buyer_updated", "company_updated"],
    (channel, payload) => {
      if (!mine(payload)) return;
      if (channel === "buyer_lead_created") {
        toast.info("New Lead Available!", {
          description: payload.isPreview === false ? "A new lead was added to My Leads." : undefined,
        });
      }
      refreshAll();
    },
    { key: `${buyerId}:${companyId}`, enabled: Boolean(buyerId), onReconnect: refreshAll },
  );
}

/** Mounted once by the buyer layout. */
export function BuyerLiveUpdates() {
  useBuyerLiveUpdates();
  return null;
}
