import type { TReturnStatus } from "@leadpost/shared";
import { Badge } from "@/components/ui/badge";

const LOOK = {
  pending: { label: "Pending", variant: "warning" },
  approved: { label: "Approved", variant: "success" },
  rejected: { label: "Rejected", variant: "destructive" },
} as const;

/** A lead return's state as both the company and the buyer see it. */
export function ReturnStatusBadge({ status }: { status: TReturnStatus }) {
  const look = LOOK[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
