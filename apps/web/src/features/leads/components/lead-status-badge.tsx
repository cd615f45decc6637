import { Badge } from "@/components/ui/badge";
import { STATUS_LABELS, type TLeadStatus } from "../lib/filters";

const VARIANT = { new: "secondary", routed: "success", unrouted: "warning", sold_out: "outline" } as const;

/** `routing`: the lead's submission waits for the routing worker, so a `new` lead is said to be routing. */
export function LeadStatusBadge({ status, routing = false }: { status: TLeadStatus; routing?: boolean }) {
  return (
    <Badge variant={VARIANT[status]}>
      {status === "new" && routing ? "Routing…" : STATUS_LABELS[status]}
    </Badge>
  );
}
