import { Badge } from "@/components/ui/badge";
import { isStaleCall, statusTone } from "../lib/format";

const VARIANT = { live: "default", done: "success", missed: "destructive", other: "secondary" } as const;

/** A call's status; a stale in-progress call is struck through with a note (002 §4). */
export function CallStatusBadge({ call }: { call: { status: string; createdAt: string } }) {
  if (isStaleCall(call)) {
    return (
      <span className="inline-flex flex-col">
        <Badge variant="secondary" className="line-through">
          {call.status}
        </Badge>
        <span className="text-muted-foreground text-xs">Stale: over 2 hours, will be marked failed</span>
      </span>
    );
  }
  return <Badge variant={VARIANT[statusTone(call.status)]}>{call.status}</Badge>;
}
