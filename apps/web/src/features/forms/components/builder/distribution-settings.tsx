import {
  DISTRIBUTION_METHOD_LABELS,
  DISTRIBUTION_METHODS,
  type TDistributionMethod,
  type TFormDistribution,
  type TFormOptions,
} from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Plus, Save, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { ErrorState } from "@/components/ui/query-states";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import { fetchFormDistribution, formDistributionKey, updateFormDistribution } from "../../distribution-api";

// The form's distribution method and its buyer order (docs/routing.md "Distribution methods"), saved
// apart from the form's draft with its own button: it changes routing, not the form's page.

const METHOD_HINTS: Record<TDistributionMethod, string> = {
  round_robin: "Prepaid and all-you-can-eat buyers take turns; every other matched buyer sees a preview.",
  priority: "The first eligible buyer in your order takes the lead; buyers not listed follow in turns.",
  weighted: "Each listed buyer takes its share of the leads, set by its weight.",
  highest_price:
    "Buyers bidding on the niche take the lead at their bid, highest first; ties follow your order.",
};

type TRow = { buyerId: string; name: string; weight: number };
type TBuyerOption = TFormOptions["buyers"][number];

const rowsOf = (d: TFormDistribution): TRow[] =>
  d.buyers.map((b) => ({ buyerId: b.buyerId, name: b.name, weight: b.weight }));

export function DistributionSettings({ formId, buyers }: { formId: string; buyers: TBuyerOption[] }) {
  const query = useQuery({
    queryKey: formDistributionKey(formId),
    queryFn: ({ signal }) => fetchFormDistribution(formId, signal),
  });
  if (query.isPending) return <LoadingBlock rows={2} />;
  if (query.isError)
    return (
      <ErrorState
        title="Could not load the distribution"
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  return <DistributionEditor formId={formId} saved={query.data} buyers={buyers} />;
}

function DistributionEditor(props: { formId: string; saved: TFormDistribution; buyers: TBuyerOption[] }) {
  const { formId, saved, buyers } = props;
  const id = useId();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<TDistributionMethod>(saved.method);
  const [rows, setRows] = useState<TRow[]>(() => rowsOf(saved));
  const [adding, setAdding] = useState("");
  useEffect(() => {
    setMethod(saved.method);
    setRows(rowsOf(saved));
  }, [saved]);

  const save = useMutation({
    mutationFn: () =>
      updateFormDistribution(formId, {
        method,
        buyers: rows.map((r) => ({ buyerId: r.buyerId, weight: r.weight })),
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(formDistributionKey(formId), result);
      toast.success("Distribution saved");
    },
    onError: (error) =>
      toast.error(presentApiError(error, { fallback: "Failed to save the distribution" }).message),
  });

  const showList = method !== "round_robin";
  const totalWeight = rows.reduce((sum, r) => sum + r.weight, 0);
  const available = buyers.filter((b) => !rows.some((r) => r.buyerId === b.id));
  const move = (index: number, by: -1 | 1) =>
    setRows((list) => {
      const next = [...list];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });
  const add = () => {
    const buyer = buyers.find((b) => b.id === adding);
    if (!buyer) return;
    setRows((list) => [...list, { buyerId: buyer.id, name: buyer.name, weight: 1 }]);
    setAdding("");
  };

  return (
    <section className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-sm">
        Distribution
      </h3>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-method`}>Method</Label>
        <Select value={method} onValueChange={(v) => setMethod(v as TDistributionMethod)}>
          <SelectTrigger id={`${id}-method`} aria-describedby={`${id}-hint`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DISTRIBUTION_METHODS.map((m) => (
              <SelectItem key={m} value={m}>
                {DISTRIBUTION_METHOD_LABELS[m]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {METHOD_HINTS[method]}
        </p>
      </div>
      {showList && (
        <div className="grid gap-2">
          <p className="font-medium text-sm">
            {method === "weighted" ? "Buyers and weights" : "Buyer order"}
          </p>
          {rows.length === 0 ? (
            <p className="text-muted-foreground text-sm">No buyers ranked yet: add the first below.</p>
          ) : (
            <ol className="grid gap-1.5" aria-label="Buyer order">
              {rows.map((row, index) => (
                <li
                  key={row.buyerId}
                  className="flex flex-wrap items-center gap-2 rounded-md border p-2"
                  data-testid="distribution-buyer"
                >
                  <span className="w-6 text-center font-medium text-muted-foreground text-sm">
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1 truncate text-sm">{row.name}</span>
                  {method === "weighted" && (
                    <span className="flex items-center gap-1.5">
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={1000}
                        step={1}
                        className="h-8 w-20"
                        aria-label={`Weight of ${row.name}`}
                        value={row.weight}
                        onChange={(e) => {
                          const weight = Math.max(0, Math.min(1000, Math.round(Number(e.target.value) || 0)));
                          setRows((list) =>
                            list.map((r) => (r.buyerId === row.buyerId ? { ...r, weight } : r)),
                          );
                        }}
                      />
                      <span className="w-10 text-right text-muted-foreground text-xs tabular-nums">
                        {totalWeight > 0 ? Math.round((row.weight / totalWeight) * 100) : 0}%
                      </span>
                    </span>
                  )}
                  <span className="flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Move ${row.name} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Move ${row.name} down`}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Remove ${row.name}`}
                      onClick={() => setRows((list) => list.filter((r) => r.buyerId !== row.buyerId))}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          {available.length > 0 && (
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
                <Label htmlFor={`${id}-add`}>Add a buyer</Label>
                <Select value={adding} onValueChange={setAdding}>
                  <SelectTrigger id={`${id}-add`} className="w-full">
                    <SelectValue placeholder="Choose a buyer" />
                  </SelectTrigger>
                  <SelectContent>
                    {available.map((b) => (
                      <SelectItem key={b.id} value={b.id}>
                        {b.name}
                        {b.status !== "active" ? ` (${b.status})` : ""}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <Button type="button" variant="outline" disabled={!adding} onClick={add}>
                <Plus aria-hidden="true" /> Add
              </Button>
            </div>
          )}
        </div>
      )}
      <div>
        <BusyButton
          type="button"
          variant="outline"
          onClick={() => save.mutate()}
          busy={save.isPending}
          disabled={save.isPending}
          icon={<Save aria-hidden="true" />}
        >
          Save distribution
        </BusyButton>
      </div>
    </section>
  );
}
