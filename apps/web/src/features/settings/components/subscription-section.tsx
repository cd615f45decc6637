import { lazy } from "react";
import { useLocation, useSearchParams } from "react-router";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadingBlock, ShownOncePart } from "@/components/ui/lazy-panel";
import { useShownOnce } from "@/lib/use-shown-once";

// Below the settings' tabs: its code loads when the card comes into view (ON_DEMAND in on-demand.mjs),
// or at once when the address asks for it (the trial banner's Upgrade, the return from PayPal).
const SubscriptionPanel = lazy(() =>
  import("./subscription-panel").then((m) => ({ default: m.SubscriptionPanel })),
);

/**
 * The Subscription Settings card of Company Settings (002 §2, §4): its title at once, the panel (tiers,
 * PayPal) once the card is in view. `pageReady`: the tabs above have their height, so a card below the
 * fold is not taken for one in view while the page is still loading.
 */
export function SubscriptionSection({ pageReady }: { pageReady: boolean }) {
  const { hash } = useLocation();
  const [params] = useSearchParams();
  const asked = hash === "#subscription" || params.has("subscription");
  const { ref, shown } = useShownOnce<HTMLDivElement>(pageReady, asked);
  return (
    <Card
      ref={ref}
      id="subscription"
      aria-labelledby="subscription-title"
      tabIndex={-1}
      className="scroll-mt-4 outline-none"
    >
      <CardHeader>
        <CardTitle>
          <h2 id="subscription-title">Subscription Settings</h2>
        </CardTitle>
        <CardDescription>Your plan sets how many team members (seats) your company has.</CardDescription>
      </CardHeader>
      <ShownOncePart shown={shown} fallback={<LoadingBlock rows={2} className="px-6" />}>
        <SubscriptionPanel />
      </ShownOncePart>
    </Card>
  );
}
