import type { TCallOutcome } from "@leadpost/shared";
import { Badge } from "@/components/ui/badge";
import { isStaleCall, OUTCOME_LABEL, statusTone } from "../lib/format";

const VARIANT = { live: "default", done: "success", missed: "destructive", other: "secondary" } as const;
const OUTCOME_VARIANT = {
  answered: "success",
  missed: "destructive",
  voicemail: "secondary",
  blocked: "destructive",
} as const;

/**
 * How a call went once it ended (answered, missed, voicemail, blocked: its outcome, not Twilio's status,
 * which says "completed" for a call that went to voicemail); its status while it is live. A stale
 * in-progress call is struck through with a note (002 §4).
 */
export function CallStatusBadge({
  call,
}: {
  call: { status: string; createdAt: string; outcome?: TCallOutcome | null };
}) {
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
  if (call.outcome && statusTone(call.status) !== "live") {
    return <Badge variant={OUTCOME_VARIANT[call.outcome]}>{OUTCOME_LABEL[call.outcome]}</Badge>;
  }
  if (call.status === "in-progress" && call.outcome === "answered") {
    return <Badge variant="success">answered · in progress</Badge>;
  }
  return <Badge variant={VARIANT[statusTone(call.status)]}>{call.status}</Badge>;
}
