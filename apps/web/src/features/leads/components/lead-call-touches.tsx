import { useQuery } from "@tanstack/react-query";
import { PhoneCall } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { usePhoneDisplay } from "@/lib/phone-display";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { fetchLeadCalls, leadKeys } from "../api";

/** The same person's calls to tracking numbers, next to their form touch: one lead, both touches. */
export function LeadCallTouches({ leadId }: { leadId: string }) {
  const formatPhone = usePhoneDisplay();
  // The company's time zone and country format, as every other time on the lead.
  const { dateTime } = useDisplayFormat();
  const calls = useQuery({
    queryKey: [...leadKeys.detail(leadId), "calls"],
    queryFn: ({ signal }) => fetchLeadCalls(leadId, signal),
  });
  if (!calls.data || calls.data.calls.length === 0) return null;
  return (
    <section aria-labelledby="lead-calls">
      <h3 id="lead-calls" className="mb-1 font-semibold text-sm">
        Calls from this lead
      </h3>
      <ul className="grid gap-1.5 text-sm">
        {calls.data.calls.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-2">
            <PhoneCall className="size-4 text-muted-foreground" aria-hidden="true" />
            <time dateTime={c.createdAt}>{dateTime(c.createdAt)}</time>
            <span className="tabular-nums">to {c.calledNumber ? formatPhone(c.calledNumber) : "—"}</span>
            {c.visitorSource && <Badge variant="secondary">{c.visitorSource}</Badge>}
            {c.campaignId && <span className="text-muted-foreground">campaign {c.campaignId}</span>}
            <span className="text-muted-foreground">{c.status ?? ""}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
