import type { TBuyerCapUsage } from "@leadpost/shared";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useCapUsage } from "../hooks/use-buyer-caps";

// Small on purpose: the dashboard's download is held to its budget (scripts/check-bundle-size.mjs), so
// the delivery hours and the pause dialog live on the Settings page's Leads tab (./leads-tab).

/** "3 of 20" against a cap, or "3 (no cap)". */
export const againstCap = (count: number, cap: number | null) =>
  cap === null ? `${count} (no cap)` : `${count} of ${cap}`;

type TPause = { isPaused: boolean; pausedUntil: string | null; pausedNow: boolean; timeZone: string };

/**
 * The pause as the buyer reads it, its end on the buyer's own clock; null when not paused. The same format
 * as shared formatPauseEnd, written here because importing domain/buyer-caps costs the dashboard 1.1 KiB.
 */
export function pauseState(u: TPause): string | null {
  if (!u.pausedNow) return null;
  if (u.isPaused || !u.pausedUntil) return "Leads paused indefinitely";
  const end = new Intl.DateTimeFormat("en-US", {
    timeZone: u.timeZone,
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(u.pausedUntil));
  return `Leads paused until ${end}`;
}

/** The pause state and the counts against the caps the buyer has (today's always): the card and the Leads tab. */
export function CapUsageSummary({ usage: u }: { usage: TBuyerCapUsage }) {
  const paused = pauseState(u);
  const rows = [
    ["Today", againstCap(u.today.leads, u.dailyCap), true],
    ["This week", againstCap(u.week.leads, u.weeklyCap), u.weeklyCap !== null],
    ["This month", againstCap(u.month.leads, u.monthlyCap), u.monthlyCap !== null],
    ["Credits spent today", againstCap(u.today.spentCredits, u.spendCapCredits), u.spendCapCredits !== null],
  ] as const;
  return (
    <>
      <div data-testid="pause-state">
        {paused ? (
          <Badge variant="warning">{paused}</Badge>
        ) : (
          <Badge variant="success">Receiving leads</Badge>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows
          .filter((r) => r[2])
          .map(([label, text]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums" data-testid={`cap-${label}`}>
                {text}
              </dd>
            </div>
          ))}
      </dl>
    </>
  );
}

/** The dashboard's "Lead caps" card: today's leads against the cap (week, month, credits when set). */
export function CapsCard() {
  const usage = useCapUsage();
  if (!usage.data) return null; // loading, or no caps answer: the dashboard's other cards stand alone
  const u = usage.data;
  return (
    <Card data-testid="caps-card">
      <CardHeader>
        <CardTitle>Lead caps</CardTitle>
        <CardDescription>Leads received on your own clock ({u.timeZone.replace("_", " ")}).</CardDescription>
        <CardAction>
          <Link
            to="/buyer/settings?tab=leads"
            className="text-primary text-sm underline-offset-4 hover:underline"
          >
            {u.pausedNow ? "Resume leads" : "Pause leads"}
          </Link>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <CapUsageSummary usage={u} />
      </CardContent>
    </Card>
  );
}
