import type { TPaidTier, TSubscriptionState } from "@leadpost/shared";
import {
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLAN_CATALOG,
  TIER_SEATS,
  TRIAL_DAYS,
} from "@leadpost/shared/domain/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRightLeft, Check, CreditCard } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { CardContent } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { ErrorState } from "@/components/ui/query-states";
import { isApiError } from "@/lib/api-error";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import {
  cancelSubscription,
  changeSubscriptionPlan,
  confirmSubscription,
  fetchSubscription,
  startSubscription,
  subscriptionKeys,
} from "../subscription-api";

type TTierCard = { tier: TSubscriptionState["tier"]; name: string; price: string; seats: number };
const TIERS: TTierCard[] = [
  { tier: "free", name: "Free", price: `${TRIAL_DAYS}-day trial`, seats: TIER_SEATS.free },
  ...SUBSCRIPTION_PLAN_CATALOG.map((p) => ({
    tier: p.tier,
    name: p.name,
    price: `$${(p.priceCents / 100).toFixed(2)}/month`,
    seats: p.seats,
  })),
];
/** PayPal's return adds these to our page address; they go once the return is handled. */
const RETURN_PARAMS = ["subscription", "subscription_id", "ba_token", "token"];
type TNotice = { kind: "success" | "error"; text: string } | null;

const errorText = (error: unknown, fallback: string) =>
  isApiError(error) && error.message === SUBSCRIPTION_MESSAGES.CANCELLED ? error.message : fallback;

/**
 * Subscription Settings panel (002 §2, §4): tier cards, PayPal approval and the return from PayPal; on
 * a paid tier, switching plan (PayPal's consent page) and cancelling after a confirmation. The card around
 * it, with its title, is the page's (./subscription-section.tsx), which loads this module.
 */
export function SubscriptionPanel() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // Approved at PayPal but not active yet: poll until PayPal's webhook has applied the tier.
  const [awaitingActivation, setAwaitingActivation] = useState(false);
  const subscription = useQuery({
    queryKey: subscriptionKeys,
    queryFn: ({ signal }) => fetchSubscription(signal),
    refetchInterval: awaitingActivation ? 3000 : false,
  });
  const [chosen, setChosen] = useState<TPaidTier | null>(null);
  const [notice, setNotice] = useState<TNotice>(null);

  const start = useMutation({
    mutationFn: (tier: TPaidTier) => startSubscription({ tier }),
    // PayPal's approval page; it sends the browser back to this page.
    onSuccess: (checkout) => window.location.assign(checkout.approveUrl),
    onError: (error) => {
      const text = isApiError(error) ? error.message : SUBSCRIPTION_MESSAGES.CREATE_FAILED;
      setNotice({ kind: "error", text });
      toast.error(SUBSCRIPTION_MESSAGES.CREATE_FAILED, { description: text });
    },
  });
  const change = useMutation({
    mutationFn: (tier: TPaidTier) => changeSubscriptionPlan({ tier }),
    // PayPal's consent page for the new plan; it sends the browser back to this page.
    onSuccess: (checkout) => window.location.assign(checkout.approveUrl),
    onError: (error) => {
      const text = isApiError(error) ? error.message : SUBSCRIPTION_MESSAGES.CHANGE_FAILED;
      setNotice({ kind: "error", text });
      toast.error(SUBSCRIPTION_MESSAGES.CHANGE_FAILED, { description: text });
    },
  });
  const [askCancel, setAskCancel] = useState(false);
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async (result) => {
      setAskCancel(false);
      await queryClient.cancelQueries({ queryKey: subscriptionKeys });
      queryClient.setQueryData(subscriptionKeys, result.subscription);
      void queryClient.invalidateQueries({ queryKey: ["settings", "team"] });
      setNotice({ kind: "success", text: result.message });
      toast.success(result.message);
    },
    onError: (error) => {
      setAskCancel(false);
      const text = isApiError(error) ? error.message : SUBSCRIPTION_MESSAGES.CANCEL_FAILED;
      setNotice({ kind: "error", text });
      toast.error(SUBSCRIPTION_MESSAGES.CANCEL_FAILED, { description: text });
    },
  });
  const confirm = useMutation({
    mutationFn: confirmSubscription,
    onSuccess: async (result) => {
      // The page's first read may still be on its way with the state before this return: drop it.
      await queryClient.cancelQueries({ queryKey: subscriptionKeys });
      queryClient.setQueryData(subscriptionKeys, result.subscription);
      if (result.outcome === "pending") {
        setAwaitingActivation(true);
        setNotice({ kind: "success", text: result.message });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: ["settings", "team"] });
      setNotice({ kind: "success", text: result.message });
      toast.success(result.message);
    },
    onError: (error) => {
      const text = errorText(error, SUBSCRIPTION_MESSAGES.PROCESS_FAILED);
      setNotice({ kind: "error", text });
      toast.error(text);
    },
  });

  const activeTier = subscription.data?.tier;
  useEffect(() => {
    if (!awaitingActivation || !activeTier || activeTier === "free") return;
    setAwaitingActivation(false);
    void queryClient.invalidateQueries({ queryKey: ["settings", "team"] });
    setNotice({ kind: "success", text: SUBSCRIPTION_MESSAGES.CREATED });
    toast.success(SUBSCRIPTION_MESSAGES.CREATED);
  }, [awaitingActivation, activeTier, queryClient]);

  // Back from PayPal: ?subscription=return&subscription_id=… or ?subscription=cancelled.
  const handled = useRef(false);
  const outcome = params.get("subscription");
  const returnedId = params.get("subscription_id");
  useEffect(() => {
    if (handled.current || !outcome) return;
    handled.current = true;
    if (outcome === "return" && returnedId) confirm.mutate(returnedId);
    else if (outcome === "cancelled") {
      setNotice({ kind: "error", text: SUBSCRIPTION_MESSAGES.CANCELLED });
      toast.info(SUBSCRIPTION_MESSAGES.CANCELLED);
    }
    setParams(
      (p) => {
        for (const key of RETURN_PARAMS) p.delete(key);
        return p;
      },
      { replace: true },
    );
  }, [outcome, returnedId, confirm, setParams]);

  return (
    <CardContent className="grid gap-4">
      {notice && (
        <p
          role={notice.kind === "error" ? "alert" : "status"}
          className={cn(
            "rounded-md border px-3 py-2 text-sm",
            notice.kind === "error" ? "border-destructive/40 text-destructive" : "border-primary/40",
          )}
        >
          {notice.text}
        </p>
      )}
      {subscription.isPending && <LoadingBlock rows={2} />}
      {subscription.isError && (
        <ErrorState
          title="Failed to load subscription"
          error={subscription.error}
          onRetry={() => void subscription.refetch()}
        />
      )}
      {subscription.isSuccess && (
        <TierCards
          state={subscription.data}
          chosen={chosen}
          onChoose={setChosen}
          onSubscribe={(tier) => start.mutate(tier)}
          onSwitch={(tier) => change.mutate(tier)}
          switching={change.isPending ? change.variables : null}
          onCancel={() => setAskCancel(true)}
          busy={start.isPending || confirm.isPending || change.isPending || cancel.isPending}
        />
      )}
      <ConfirmDialog
        open={askCancel}
        onOpenChange={(open) => !cancel.isPending && setAskCancel(open)}
        title={SUBSCRIPTION_MESSAGES.CANCEL_TITLE}
        description={SUBSCRIPTION_MESSAGES.CANCEL_WARNING}
        confirmLabel="Cancel subscription"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
      />
    </CardContent>
  );
}

function TierCards(props: {
  state: TSubscriptionState;
  chosen: TPaidTier | null;
  onChoose: (tier: TPaidTier) => void;
  onSubscribe: (tier: TPaidTier) => void;
  onSwitch: (tier: TPaidTier) => void;
  /** The tier a plan change is being started for. */
  switching: TPaidTier | null;
  onCancel: () => void;
  busy: boolean;
}) {
  const { state } = props;
  const { date } = useDisplayFormat();
  const onFree = state.tier === "free";
  // PRODUCT.md §2: upgrade cards show whenever the company is on free, its trial expired or not;
  // free is offered only while the current tier is free.
  const cards = TIERS.filter((t) => t.tier !== "free" || onFree);
  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground text-sm">{statusLine(state, date)}</p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Subscription tiers">
        {cards.map((card) => {
          const current = card.tier === state.tier;
          const paid = card.tier !== "free" ? (card.tier as TPaidTier) : null;
          const selected = paid !== null && props.chosen === paid;
          return (
            <li
              key={card.tier}
              aria-label={`${card.name} tier`}
              aria-current={current ? "true" : undefined}
              className={cn(
                "flex flex-col gap-2 rounded-lg border p-4",
                current && "border-primary ring-1 ring-primary",
                selected && "border-primary",
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium">{card.name}</span>
                {current && <Badge>Current plan</Badge>}
              </div>
              <span className="font-semibold text-lg">{card.price}</span>
              <span className="text-muted-foreground text-sm">{card.seats} seats</span>
              {paid && onFree && !selected && (
                <Button variant="outline" size="sm" onClick={() => props.onChoose(paid)}>
                  Choose {card.name}
                </Button>
              )}
              {paid && onFree && selected && (
                <BusyButton
                  size="sm"
                  busy={props.busy}
                  busyLabel="Redirecting to PayPal…"
                  icon={<CreditCard aria-hidden="true" />}
                  disabled={props.busy}
                  onClick={() => props.onSubscribe(paid)}
                >
                  Subscribe with PayPal
                </BusyButton>
              )}
              {paid && !onFree && !current && (
                <BusyButton
                  variant="outline"
                  size="sm"
                  busy={props.switching === paid}
                  busyLabel="Redirecting to PayPal…"
                  icon={<ArrowRightLeft aria-hidden="true" />}
                  disabled={props.busy}
                  onClick={() => props.onSwitch(paid)}
                >
                  Switch to {card.name}
                </BusyButton>
              )}
              {current && !onFree && (
                <>
                  <span className="flex items-center gap-1 text-sm">
                    <Check className="size-4" aria-hidden="true" /> Active
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    disabled={props.busy}
                    onClick={props.onCancel}
                  >
                    Cancel subscription
                  </Button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The plan in a sentence; dates in the company's format and time zone. */
function statusLine(state: TSubscriptionState, date: (when: string) => string) {
  if (state.tier === "free") {
    if (state.status && state.status !== "active") {
      return `Your subscription is ${state.status}; the company is back on the free plan.`;
    }
    if (!state.trialExpiresAt) return "You are on the free plan.";
    const ends = date(state.trialExpiresAt);
    return state.trialExpired ? `Your free trial ended on ${ends}.` : `Your free trial ends on ${ends}.`;
  }
  const since = state.updatedAt ? ` since ${date(state.updatedAt)}` : "";
  if (state.billedBy === "manual") return `Plan set by the Leadpost team${since}; nothing is billed.`;
  return `Subscription ${state.status ?? "inactive"}${since}.`;
}
