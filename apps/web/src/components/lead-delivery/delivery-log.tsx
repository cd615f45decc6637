import type { TDelivery, TDeliveryStatus } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { QueryState } from "@/components/ui/query-states";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { deliveryKeys, fetchDeliveryLog } from "./api";

const STATUS: Record<
  TDeliveryStatus,
  { label: string; variant: "success" | "warning" | "secondary" | "destructive" }
> = {
  pending: { label: "Waiting", variant: "secondary" },
  sending: { label: "Sending", variant: "secondary" },
  retrying: { label: "Will retry", variant: "warning" },
  accepted: { label: "Accepted", variant: "success" },
  rejected: { label: "Rejected", variant: "destructive" },
  failed: { label: "Failed", variant: "destructive" },
};

export function DeliveryStatusBadge({ status }: { status: TDeliveryStatus }) {
  const s = STATUS[status];
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

/** One delivery with each attempt: when, the status code, the outcome and the answer's first bytes. */
export function DeliveryItem({ delivery, showBuyer }: { delivery: TDelivery; showBuyer?: boolean }) {
  const { dateTime } = useDisplayFormat();
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="delivery-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{delivery.endpointName}</span>
        {delivery.isTest && <Badge variant="outline">Test lead</Badge>}
        <DeliveryStatusBadge status={delivery.status} />
        {showBuyer && delivery.buyerName && (
          <span className="text-muted-foreground">to {delivery.buyerName}</span>
        )}
      </div>
      <p className="break-all text-muted-foreground text-xs">
        {delivery.url} · Delivery ID <span className="font-mono">{delivery.id}</span>
      </p>
      {delivery.reason && delivery.status !== "accepted" && <p>{delivery.reason}</p>}
      {delivery.attempts.length === 0 ? (
        <p className="text-muted-foreground">No attempt yet.</p>
      ) : (
        <ol className="grid gap-1.5" aria-label="Attempts">
          {delivery.attempts.map((a) => (
            <li key={a.attempt} className="grid gap-0.5 rounded-md bg-muted/50 px-2 py-1.5">
              <span>
                Attempt {a.attempt} · {dateTime(a.at)} ·{" "}
                {a.statusCode === null ? "no status" : `HTTP ${a.statusCode}`} · {a.outcome} · {a.durationMs}{" "}
                ms
              </span>
              {a.reason && a.outcome !== "accepted" && (
                <span className="text-muted-foreground">{a.reason}</span>
              )}
              {a.responseExcerpt && (
                <code className="block max-h-24 overflow-auto whitespace-pre-wrap break-all text-xs">
                  {a.responseExcerpt}
                </code>
              )}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

export function DeliveryList({ deliveries, showBuyer }: { deliveries: TDelivery[]; showBuyer?: boolean }) {
  return (
    <ul className="grid gap-2">
      {deliveries.map((d) => (
        <DeliveryItem key={d.id} delivery={d} showBuyer={showBuyer} />
      ))}
    </ul>
  );
}

/**
 * A lead's deliveries into buyers' systems (the company's lead detail, the buyer's lead view).
 * `path` is the log's API address; nothing is shown while the lead has no delivery.
 */
export function LeadDeliveryLog({ path, showBuyer }: { path: string; showBuyer?: boolean }) {
  const query = useQuery({
    queryKey: deliveryKeys.leadLog(path),
    queryFn: ({ signal }) => fetchDeliveryLog(path, signal),
  });
  return (
    <section className="grid gap-2" aria-label="Deliveries">
      <h3 className="font-semibold text-sm">Deliveries</h3>
      <QueryState query={query} label="Loading deliveries" failure="Failed to load deliveries">
        {(data) =>
          data.deliveries.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              Not delivered to any buyer's system (no endpoint, or no buyer has received it in full).
            </p>
          ) : (
            <DeliveryList deliveries={data.deliveries} showBuyer={showBuyer} />
          )
        }
      </QueryState>
    </section>
  );
}
