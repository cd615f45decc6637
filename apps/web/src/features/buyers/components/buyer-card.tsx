import type { TBuyer } from "@leadpost/shared";
import { buyerDisplayName } from "@leadpost/shared/domain/buyers";
import { ChevronDown, Mail, Pencil, Trash2, Webhook } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Switch } from "@/components/ui/switch";
import { displayPhone } from "@/lib/phone-display";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { cn } from "@/lib/utils";
import { useBuyerStatusMutation } from "../hooks/use-buyer-mutations";

// Loaded when a buyer's Lead delivery dialog first opens (apps/web/on-demand.mjs).
const DeliveryEndpointsPanel = lazy(() =>
  import("@/components/lead-delivery/endpoints-panel").then((m) => ({ default: m.DeliveryEndpointsPanel })),
);

const STATUS_BADGE = {
  active: { label: "Active", variant: "success" },
  pending: { label: "Pending", variant: "warning" },
  inactive: { label: "Inactive", variant: "secondary" },
} as const;

export const buyerArea = (b: TBuyer) =>
  [b.city, b.state, b.zipCode].filter(Boolean).join(", ") || "Not specified";

function costLine(b: TBuyer, money: (amount: number) => string) {
  if (b.allYouCanEatEnabled) return "Included (All You Can Eat)";
  if (b.effectivePrice === null) return "Not set";
  const credits = b.costPerLeadCredits ?? 0;
  const from = b.costPerLead === null ? " (niche)" : "";
  return `${money(b.effectivePrice)} · ${credits} ${credits === 1 ? "credit" : "credits"}${from}`;
}

type TBuyerCardProps = {
  buyer: TBuyer;
  canManage: boolean;
  onEdit: (b: TBuyer) => void;
  onArchive: (b: TBuyer) => void;
  onInvite: (b: TBuyer) => void;
};

/** One buyer: the summary of 001 §2, expanding to contact details and the actions. */
export function BuyerCard({ buyer, canManage, onEdit, onArchive, onInvite }: TBuyerCardProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [delivery, setDelivery] = useState(false);
  const status = useBuyerStatusMutation();
  const { money } = useDisplayFormat();
  const name = buyerDisplayName(buyer);
  const badge = STATUS_BADGE[buyer.status];
  const resend = buyer.hasAccount || buyer.invitationPending;

  return (
    <Card className="gap-0 py-0" data-testid="buyer-card" aria-label={name} role="article">
      {/* The summary toggles the details anywhere it is clicked; only the name is the button (its overlay
          covers the summary), so the button's name holds its visible text and the summary is no button's. */}
      <div className="relative flex w-full items-start gap-3 rounded-xl p-4 hover:bg-muted/40 has-[button:focus-visible]:ring-[3px] has-[button:focus-visible]:ring-ring/50">
        <div className="grid min-w-0 flex-1 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="truncate text-left font-semibold outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
              aria-expanded={expanded}
              aria-controls={`${id}-details`}
              aria-label={`${expanded ? "Hide" : "Show"} details of ${name}`}
              onClick={() => setExpanded((v) => !v)}
            >
              {name}
            </button>
            <Badge variant={badge.variant}>{badge.label}</Badge>
            {!buyer.hasAccount && <Badge variant="outline">No Account</Badge>}
            {buyer.allYouCanEatEnabled && <Badge>All You Can Eat</Badge>}
          </div>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Item label="Contact" value={buyer.contactName} />
            <Item label="Niche" value={buyer.niche?.name ?? "No niche"} />
            <Item label="Area" value={buyerArea(buyer)} />
            <Item label="Service radius" value={`${buyer.serviceRadius} miles`} />
            <Item label="Cost per lead" value={costLine(buyer, money)} />
            {!buyer.allYouCanEatEnabled && (
              <Item label="Prepaid" value={`${buyer.prepaidLeadsRemaining} / ${buyer.prepaidLeadsTotal}`} />
            )}
          </dl>
        </div>
        <ChevronDown
          className={cn(
            "mt-1 size-4 shrink-0 text-muted-foreground transition-transform",
            expanded && "rotate-180",
          )}
          aria-hidden="true"
        />
      </div>
      {expanded && (
        <div id={`${id}-details`} className="grid gap-4 border-t p-4">
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Item label="Email" value={buyer.email} />
            <Item
              label="Phone"
              value={buyer.phoneNumber ? displayPhone(buyer.phoneNumber) : "Not provided"}
            />
            <Item label="Location" value={[buyer.address, buyerArea(buyer)].filter(Boolean).join(" · ")} />
            <Item
              label="On the map"
              value={
                buyer.latitude !== null
                  ? "At its ZIP code's center"
                  : "No location: routing needs a valid ZIP code"
              }
            />
            <Item label="Credits" value={String(buyer.creditBalance)} />
            <Item
              label="Source"
              value={{ manual: "Added", invitation: "Invited", application: "Applied" }[buyer.source]}
            />
          </dl>
          <div>
            <Button variant="outline" size="sm" onClick={() => setDelivery(true)}>
              <Webhook aria-hidden="true" />
              Lead delivery
            </Button>
          </div>
          {canManage && (
            <div className="flex flex-wrap items-center gap-3">
              <div className="mr-auto flex items-center gap-2">
                <Switch
                  id={`${id}-active`}
                  checked={buyer.status === "active"}
                  disabled={status.isPending}
                  onCheckedChange={(on) =>
                    status.mutate({ buyerId: buyer.id, status: on ? "active" : "inactive" })
                  }
                />
                <label htmlFor={`${id}-active`} className="text-sm">
                  {buyer.status === "active" ? "Active" : "Inactive"}
                </label>
              </div>
              <Button variant="outline" size="sm" onClick={() => onInvite(buyer)}>
                <Mail aria-hidden="true" />
                {resend ? "Resend Invitation" : "Send Invitation"}
              </Button>
              <Button variant="outline" size="sm" onClick={() => onEdit(buyer)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => onArchive(buyer)}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          )}
        </div>
      )}
      <Dialog open={delivery} onOpenChange={setDelivery}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Lead delivery: {name}</DialogTitle>
            <DialogDescription>
              Endpoints in this buyer's own systems (docs: Lead delivery).
            </DialogDescription>
          </DialogHeader>
          {delivery && (
            <Suspense fallback={<p className="text-muted-foreground text-sm">Loading endpoints…</p>}>
              <DeliveryEndpointsPanel base={`/api/buyers/${buyer.id}`} canManage={canManage} />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt className="shrink-0 text-muted-foreground">{label}:</dt>
      <dd className="truncate">{value}</dd>
    </div>
  );
}
