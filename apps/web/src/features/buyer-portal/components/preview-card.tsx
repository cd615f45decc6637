import { slotState, type TPreviewLead } from "@leadpost/shared";
import { LockOpen, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { PreviewFields } from "./preview-fields";

type TPreviewCardProps = {
  lead: TPreviewLead;
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
  onPurchase: () => void;
  onDelete: () => void;
};

/** One preview with its sold counter, sold-out or urgency badge, purchase and delete. */
export function PreviewCard({ lead, selected, onSelectedChange, onPurchase, onDelete }: TPreviewCardProps) {
  const slots = slotState(lead.saleCount, lead.saleCap);
  const title = `${lead.serviceType}${lead.city ? ` in ${lead.city}` : ""}`;
  return (
    <Card className="gap-4 py-4" data-testid="preview-card" aria-label={title}>
      <CardHeader className="flex flex-row items-start gap-3 px-4">
        {onSelectedChange && (
          <Checkbox
            checked={selected}
            onCheckedChange={(v) => onSelectedChange(v === true)}
            aria-label={`Select ${title}`}
            className="mt-0.5"
          />
        )}
        <div className="grid flex-1 gap-1">
          <CardTitle className="text-base">{title}</CardTitle>
          <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
            <span>{slots.label}</span>
            {slots.soldOut ? (
              <Badge variant="destructive">Sold Out</Badge>
            ) : (
              slots.urgent && (
                <Badge variant="warning">
                  Only {slots.slotsLeft} {slots.slotsLeft === 1 ? "slot" : "slots"} left
                </Badge>
              )
            )}
          </div>
        </div>
        <Badge variant="secondary">{lead.priceCredits} credits</Badge>
      </CardHeader>
      <CardContent className="px-4">
        <PreviewFields lead={lead} />
      </CardContent>
      <CardFooter className="gap-2 px-4">
        <Button size="sm" onClick={onPurchase} disabled={slots.soldOut}>
          <LockOpen aria-hidden="true" />
          {slots.soldOut ? "Sold Out" : "Purchase Lead"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${title}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </CardFooter>
    </Card>
  );
}
