import { Badge } from "@/components/ui/badge";
import { STATUS_LABELS, type TLeadStatus } from "../lib/filters";

const VARIANT = { new: "secondary", routed: "success", unrouted: "warning", sold_out: "outline" } as const;

export function LeadStatusBadge({ status }: { status: TLeadStatus }) {
  return <Badge variant={VARIANT[status]}>{STATUS_LABELS[status]}</Badge>;
}
