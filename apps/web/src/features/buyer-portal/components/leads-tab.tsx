import { formatMinute, type TBuyerCapUsage, WEEKDAYS } from "@leadpost/shared";
import { lazy, Suspense, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { ErrorState } from "@/components/ui/query-states";
import { useCapUsage, usePauseLeads } from "../hooks/use-buyer-caps";
import { CapUsageSummary } from "./caps-card";
import { zoneName } from "./zone-name";

const PauseLeadsDialog = lazy(async () => ({
  default: (await import("./pause-leads-dialog")).PauseLeadsDialog,
}));

/** The Settings page's Leads tab (loaded when opened): the caps and counts, delivery hours, pause and resume. */
export function LeadsTab() {
  const usage = useCapUsage();
  const [pausing, setPausing] = useState(false);
  const resume = usePauseLeads();

  if (usage.isPending) return <LoadingBlock rows={2} />;
  if (usage.isError)
    return (
      <ErrorState title="Failed to load lead caps" error={usage.error} onRetry={() => void usage.refetch()} />
    );
  const u = usage.data;

  return (
    <Card data-testid="leads-tab">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">Lead caps</CardTitle>
        <CardDescription>Leads received, counted in {zoneName(u.timeZone)}.</CardDescription>
        <CardAction>
          {u.pausedNow ? (
            <BusyButton
              size="sm"
              variant="outline"
              busy={resume.isPending}
              disabled={resume.isPending}
              onClick={() => resume.mutate({ pause: false })}
            >
              Resume leads
            </BusyButton>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setPausing(true)}>
              Pause leads
            </Button>
          )}
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <CapUsageSummary usage={u} />
        <DeliveryHours hours={u.deliveryHours} />
      </CardContent>
      {pausing && (
        <Suspense fallback={null}>
          <PauseLeadsDialog open={pausing} onOpenChange={setPausing} timeZone={u.timeZone} />
        </Suspense>
      )}
    </Card>
  );
}

function DeliveryHours({ hours }: { hours: TBuyerCapUsage["deliveryHours"] }) {
  if (!hours) return <p className="text-muted-foreground">Delivery hours: any time.</p>;
  return (
    <details>
      <summary className="cursor-pointer text-muted-foreground">Delivery hours</summary>
      <ul className="mt-1 grid gap-0.5">
        {WEEKDAYS.map((day, i) => {
          const w = hours[i];
          return (
            <li key={day} className="flex justify-between gap-4">
              <span>{day}</span>
              <span className="tabular-nums">
                {w ? `${formatMinute(w.from)} – ${formatMinute(w.to)}` : "Closed"}
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
