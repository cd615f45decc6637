import {
  BUYER_PORTAL_LIMITS,
  BUYER_PORTAL_MESSAGES,
  CREDIT_PACKS,
  normalizeCreditQuantity,
} from "@leadpost/shared";
import { CircleAlert, Coins, Info, Loader2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState } from "@/components/ui/query-states";
import { useBuyerSummary } from "../hooks/use-buyer-portal";
import { useStartPayPalCheckout } from "../hooks/use-paypal-checkout";
import { PayPalReturn } from "./paypal-return";

const usd = (n: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);

/** Spec 003 §2.5: balance, low-balance warning, the three packs and the payment state. */
export function BuyCreditsPage() {
  const summary = useBuyerSummary();
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <PayPalReturn />
      <PageHeader title="Buy Credits" description="Buy credit packs to unlock leads." />
      {summary.isPending ? (
        <LoadingBlock rows={3} />
      ) : summary.isError ? (
        <ErrorState
          title={BUYER_PORTAL_MESSAGES.LOAD_FAILED}
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardDescription className="flex items-center gap-2">
                <Coins className="size-4" aria-hidden="true" /> Organization Credits
              </CardDescription>
              <CardTitle className="text-4xl tabular-nums" data-testid="credit-balance">
                {summary.data.stats.credits}
              </CardTitle>
            </CardHeader>
            {summary.data.stats.credits < BUYER_PORTAL_LIMITS.LOW_BALANCE_BELOW && (
              <CardContent>
                <p role="status" className="flex items-center gap-2 text-sm text-warning">
                  <TriangleAlert className="size-4" aria-hidden="true" />
                  Low balance: you have fewer than {BUYER_PORTAL_LIMITS.LOW_BALANCE_BELOW} credits left.
                </p>
              </CardContent>
            )}
          </Card>
          {!summary.data.paymentConfigured && (
            <div
              role="alert"
              className="flex gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
              <div>
                <p className="font-medium">Payment Not Configured</p>
                <p className="text-muted-foreground">
                  The administrator must set up PayPal or Stripe credentials in Owner Settings, Payment tab.
                </p>
              </div>
            </div>
          )}
          <div className="grid gap-4 md:grid-cols-3">
            {CREDIT_PACKS.map((pack) => (
              <PackCard key={pack.id} pack={pack} configured={summary.data.paymentConfigured} />
            ))}
          </div>
          <p className="flex items-start gap-2 text-muted-foreground text-sm">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Credits unlock the full details of lead previews. A lead's cost in credits is shown before you
            unlock it; credits are added to your balance as soon as PayPal confirms the payment.
          </p>
        </>
      )}
    </div>
  );
}

function PackCard({ pack, configured }: { pack: (typeof CREDIT_PACKS)[number]; configured: boolean }) {
  const [raw, setRaw] = useState("1");
  const quantity = normalizeCreditQuantity(raw);
  const checkout = useStartPayPalCheckout();
  // Still busy after success: the browser is on its way to PayPal.
  const busy = checkout.isPending || checkout.isSuccess;
  const priceUsd = pack.priceCents / 100;
  const inputId = `qty-${pack.id}`;
  return (
    <Card data-testid={`pack-${pack.id}`}>
      <CardHeader>
        <CardTitle>{pack.credits} Credits</CardTitle>
        <CardDescription>Credit pack · {usd(priceUsd)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Label htmlFor={inputId}>Quantity</Label>
        <Input
          id={inputId}
          type="number"
          min={1}
          max={999}
          step={1}
          inputMode="numeric"
          value={raw}
          onChange={(e) => setRaw(e.target.value)}
          // Invalid input becomes 1 (spec 003 §5).
          onBlur={() => setRaw(String(quantity))}
        />
        <p className="text-muted-foreground text-sm">
          {pack.credits * quantity} credits for {usd(priceUsd * quantity)}
        </p>
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          disabled={!configured || busy}
          onClick={() => checkout.mutate({ packId: pack.id, quantity })}
        >
          {busy && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
          {configured ? `Buy with PayPal · ${usd(priceUsd * quantity)}` : "PayPal Not Configured"}
        </Button>
      </CardFooter>
    </Card>
  );
}
