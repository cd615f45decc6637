import type { TLeadDetail } from "@leadpost/shared";
import { Badge } from "@/components/ui/badge";

const OUTCOME = {
  full_access: "Full access",
  preview: "Preview",
  email: "E-mail",
  none: "Not sent",
} as const;
const VIA = {
  all_you_can_eat: "All you can eat",
  prepaid: "Prepaid",
  credits: "Credits",
  manual: "Manual",
} as const;

/** The stored routing decisions (why each buyer was or was not matched) and who holds the lead. */
export function RoutingDecisions({
  lead,
}: {
  lead: Pick<TLeadDetail, "status" | "buyers" | "routingDecisions">;
}) {
  return (
    <section aria-labelledby="lead-routing" className="grid gap-3">
      <h3 id="lead-routing" className="font-semibold text-sm">
        Routing decisions
      </h3>
      {lead.routingDecisions.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          {lead.status === "unrouted"
            ? "This lead has no location, so no buyer could be matched."
            : "No routing decisions recorded yet."}
        </p>
      ) : (
        <ul className="grid gap-2">
          {lead.routingDecisions.map((d) => (
            <li key={d.id} className="rounded-md border p-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">
                  {d.buyer?.name ?? (d.outcome === "email" ? "E-mail routing" : "Other buyers")}
                </span>
                {/* A closing summary line speaks for the buyers not listed: it is no buyer's match. */}
                {(d.buyer || d.outcome === "email") && (
                  <>
                    <Badge variant={d.matched ? "success" : "secondary"}>
                      {d.matched ? "Matched" : "Not matched"}
                    </Badge>
                    <Badge variant="outline">{OUTCOME[d.outcome]}</Badge>
                  </>
                )}
                {d.distanceMiles !== null && (
                  <span className="text-muted-foreground text-xs">{d.distanceMiles.toFixed(1)} mi</span>
                )}
              </div>
              <p className="mt-1 text-muted-foreground">{d.reason}</p>
            </li>
          ))}
        </ul>
      )}
      {lead.buyers.length > 0 && (
        <>
          <h3 className="font-semibold text-sm">Buyers holding this lead</h3>
          <ul className="grid gap-1 text-sm">
            {lead.buyers.map((b) => (
              <li key={b.buyer.id} className="flex flex-wrap items-center gap-2">
                <span>{b.buyer.name}</span>
                <Badge variant={b.isPreview ? "secondary" : "success"}>
                  {b.isPreview ? "Preview" : b.acquiredVia ? VIA[b.acquiredVia] : "Full access"}
                </Badge>
                {b.creditsSpent > 0 && (
                  <span className="text-muted-foreground text-xs">{b.creditsSpent} credits</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
