import {
  formatMinute,
  formatPauseEnd,
  localDateTimeToInstant,
  type TBuyerCapUsage,
  timeZoneLabel,
  WEEKDAYS,
} from "@leadpost/shared";
import { Gauge, Pause, Play } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { ErrorState, LoadingBlock } from "@/components/ui/query-states";
import { useCapUsage, usePauseLeads } from "../hooks/use-buyer-caps";

/** "3 of 20" against a cap, or "3 (no cap)". */
export const againstCap = (count: number, cap: number | null) =>
  cap === null ? `${count} (no cap)` : `${count} of ${cap}`;

/** The pause as the buyer reads it. */
export function pauseState(u: Pick<TBuyerCapUsage, "isPaused" | "pausedUntil" | "pausedNow" | "timeZone">) {
  if (!u.pausedNow) return null;
  if (u.isPaused || !u.pausedUntil) return "Leads paused indefinitely";
  return `Leads paused until ${formatPauseEnd(new Date(u.pausedUntil), u.timeZone)}`;
}

/** The buyer portal's "Lead caps" card: today's leads against the caps, delivery hours, pause and resume. */
export function CapsCard() {
  const usage = useCapUsage();
  const [pausing, setPausing] = useState(false);
  const resume = usePauseLeads();

  if (usage.isPending) return <LoadingBlock rows={2} />;
  if (usage.isError)
    return (
      <ErrorState title="Failed to load lead caps" error={usage.error} onRetry={() => void usage.refetch()} />
    );
  const u = usage.data;
  const paused = pauseState(u);
  const rows = [
    { label: "Today", text: againstCap(u.today.leads, u.dailyCap), show: true },
    { label: "This week", text: againstCap(u.week.leads, u.weeklyCap), show: u.weeklyCap !== null },
    { label: "This month", text: againstCap(u.month.leads, u.monthlyCap), show: u.monthlyCap !== null },
    {
      label: "Credits spent today",
      text: againstCap(u.today.spentCredits, u.spendCapCredits),
      show: u.spendCapCredits !== null,
    },
  ].filter((r) => r.show);

  return (
    <Card data-testid="caps-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gauge className="size-4 text-muted-foreground" aria-hidden="true" />
          Lead caps
        </CardTitle>
        <CardDescription>Leads received, counted in {timeZoneLabel(u.timeZone)}.</CardDescription>
        <CardAction>
          {u.pausedNow ? (
            <BusyButton
              size="sm"
              variant="outline"
              busy={resume.isPending}
              disabled={resume.isPending}
              onClick={() => resume.mutate({ pause: false })}
            >
              <Play aria-hidden="true" />
              Resume leads
            </BusyButton>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setPausing(true)}>
              <Pause aria-hidden="true" />
              Pause leads
            </Button>
          )}
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div data-testid="pause-state">
          {paused ? (
            <Badge variant="warning">{paused}</Badge>
          ) : (
            <Badge variant="success">Receiving leads</Badge>
          )}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {rows.map((r) => (
            <div key={r.label} className="contents">
              <dt className="text-muted-foreground">{r.label}</dt>
              <dd className="font-medium tabular-nums" data-testid={`cap-${r.label}`}>
                {r.text}
              </dd>
            </div>
          ))}
        </dl>
        <DeliveryHours hours={u.deliveryHours} />
      </CardContent>
      <FormDialog open={pausing} onOpenChange={setPausing}>
        <PauseForm timeZone={u.timeZone} onDone={() => setPausing(false)} />
      </FormDialog>
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

/** "Pause leads until…": a date and time in the buyer's zone, or indefinitely; the submit confirms. */
function PauseForm({ timeZone, onDone }: { timeZone: string; onDone: () => void }) {
  const id = useId();
  const [mode, setMode] = useState<"until" | "indefinitely">("until");
  const [local, setLocal] = useState("");
  const [error, setError] = useState<string | null>(null);
  const pause = usePauseLeads(onDone);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (mode === "indefinitely") return pause.mutate({ pause: true, until: null });
    const at = localDateTimeToInstant(local, timeZone);
    if (!at || at.getTime() <= Date.now()) {
      setError("Pause end must be a date and time in the future");
      return;
    }
    setError(null);
    pause.mutate({ pause: true, until: at.toISOString() });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Pause leads</DialogTitle>
        <DialogDescription>
          While paused you receive no new leads or previews. Resume at any time from the dashboard.
        </DialogDescription>
      </DialogHeader>
      <fieldset className="grid gap-3">
        <legend className="sr-only">How long</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-mode`}
            className="accent-primary"
            checked={mode === "until"}
            onChange={() => setMode("until")}
          />
          Pause leads until…
        </label>
        {mode === "until" && (
          <div className="grid gap-1 pl-6">
            <Input
              type="datetime-local"
              aria-label="Pause until"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-zone`}
              value={local}
              onChange={(e) => setLocal(e.target.value)}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
                {error}
              </p>
            ) : (
              <p id={`${id}-zone`} className="text-muted-foreground text-xs">
                In {timeZoneLabel(timeZone)}.
              </p>
            )}
          </div>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-mode`}
            className="accent-primary"
            checked={mode === "indefinitely"}
            onChange={() => setMode("indefinitely")}
          />
          Indefinitely, until I resume
        </label>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pause.isPending}>
          Cancel
        </Button>
        <BusyButton type="submit" variant="destructive" busy={pause.isPending} disabled={pause.isPending}>
          Pause Leads
        </BusyButton>
      </DialogFooter>
    </form>
  );
}
