import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { buyerPortalKeys } from "../query-keys";

type TLivePayload = { companyId: string; buyerId?: string | null; isPreview?: boolean };

const parse = (data: string): TLivePayload | null => {
  try {
    return JSON.parse(data) as TLivePayload;
  } catch {
    return null;
  }
};

/**
 * Spec 003 §2.3: one event stream while the portal is open. A new entry for this buyer shows "New Lead
 * Available!" and refreshes counts; credit, buyer and company changes refresh the balance and cards.
 */
export function useBuyerLiveUpdates() {
  const queryClient = useQueryClient();
  const { buyerId, companyId } = useWorkspace().workspace;

  useEffect(() => {
    if (!buyerId || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events", { withCredentials: true });
    const refreshAll = () => void queryClient.invalidateQueries({ queryKey: buyerPortalKeys.all(buyerId) });
    const mine = (p: TLivePayload | null) =>
      p !== null && (p.buyerId ? p.buyerId === buyerId : p.companyId === companyId);
    let dropped = false;

    source.addEventListener("ready", () => {
      // Back after a drop: anything published meanwhile was missed, so reload what is on screen.
      if (dropped) refreshAll();
      dropped = false;
    });
    source.addEventListener("error", () => {
      dropped = true;
    });
    source.addEventListener("buyer_lead_created", (e) => {
      const payload = parse((e as MessageEvent<string>).data);
      if (!mine(payload)) return;
      toast.info("New Lead Available!", {
        description: payload?.isPreview === false ? "A new lead was added to My Leads." : undefined,
      });
      refreshAll();
    });
    for (const name of ["credits_changed", "buyer_updated", "company_updated"]) {
      source.addEventListener(name, (e) => {
        if (mine(parse((e as MessageEvent<string>).data))) refreshAll();
      });
    }
    return () => source.close();
  }, [buyerId, companyId, queryClient]);
}

/** Mounted once by the buyer layout. */
export function BuyerLiveUpdates() {
  useBuyerLiveUpdates();
  return null;
}
