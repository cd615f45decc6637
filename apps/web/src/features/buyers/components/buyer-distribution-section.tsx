import type { TBuyerDistribution, TLeadFilterOperator } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Save, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { ErrorState } from "@/components/ui/query-states";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import { buyerDistributionKey, fetchBuyerDistribution, updateBuyerDistribution } from "../distribution-api";

// The buyer's bids per niche (credits per lead, read by the highest-price method) and its lead filters
// on the form's answers (docs/routing.md "Lead filters"), saved apart from the buyer's details.

const OPERATORS: { value: TLeadFilterOperator; label: string }[] = [
  { value: "is", label: "is" },
  { value: "is_not", label: "is not" },
  { value: "one_of", label: "one of" },
];

type TFilterRow = {
  key: string;
  fieldId: string;
  operator: TLeadFilterOperator;
  values: string[];
  text: string;
};

const rowsOf = (d: TBuyerDistribution): TFilterRow[] =>
  d.leadFilters.map((f) => ({ key: crypto.randomUUID(), ...f, text: f.values.join(", ") }));
const bidsOf = (d: TBuyerDistribution) =>
  Object.fromEntries(d.bids.map((b) => [b.nicheId, String(b.credits)])) as Record<string, string>;

export function BuyerDistributionSection({ buyerId }: { buyerId: string }) {
  const query = useQuery({
    queryKey: buyerDistributionKey(buyerId),
    queryFn: ({ signal }) => fetchBuyerDistribution(buyerId, signal),
  });
  return (
    <section className="grid gap-4 rounded-lg border p-4" aria-label="Bids and lead filters">
      <h3 className="font-medium text-sm">Bids and lead filters</h3>
      {query.isPending ? (
        <LoadingBlock rows={2} />
      ) : query.isError ? (
        <ErrorState
          title="Could not load bids and filters"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : (
        <Editor buyerId={buyerId} saved={query.data} />
      )}
    </section>
  );
}

function Editor({ buyerId, saved }: { buyerId: string; saved: TBuyerDistribution }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [bids, setBids] = useState(() => bidsOf(saved));
  const [filters, setFilters] = useState(() => rowsOf(saved));
  useEffect(() => {
    setBids(bidsOf(saved));
    setFilters(rowsOf(saved));
  }, [saved]);
  const fieldOf = (fieldId: string) => saved.fields.find((f) => f.fieldId === fieldId);

  const save = useMutation({
    mutationFn: () =>
      updateBuyerDistribution(buyerId, {
        bids: Object.entries(bids)
          .filter(([, credits]) => credits.trim() !== "")
          .map(([nicheId, credits]) => ({ nicheId, credits: Number(credits) })),
        leadFilters: filters.map((f) => ({
          fieldId: f.fieldId,
          operator: f.operator,
          values: fieldOf(f.fieldId)?.options.length
            ? f.values
            : f.text
                .split(",")
                .map((v) => v.trim())
                .filter(Boolean),
        })),
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(buyerDistributionKey(buyerId), result);
      toast.success("Bids and lead filters saved");
    },
    onError: (error) =>
      toast.error(presentApiError(error, { fallback: "Failed to save bids and lead filters" }).message),
  });

  const update = (key: string, patch: Partial<TFilterRow>) =>
    setFilters((list) => list.map((f) => (f.key === key ? { ...f, ...patch } : f)));

  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm">Bids (credits per lead, for forms using highest price)</legend>
        {saved.niches.length === 0 ? (
          <p className="text-muted-foreground text-sm">No niches yet.</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {saved.niches.map((n) => (
              <div key={n.id} className="grid gap-1">
                <Label htmlFor={`${id}-bid-${n.id}`} className="font-normal">
                  {n.name}
                </Label>
                <Input
                  id={`${id}-bid-${n.id}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  placeholder="No bid"
                  value={bids[n.id] ?? ""}
                  onChange={(e) => setBids((b) => ({ ...b, [n.id]: e.target.value }))}
                />
              </div>
            ))}
          </div>
        )}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm">Lead filters (every filter must hold)</legend>
        {saved.fields.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            The forms of this buyer's niche have no questions to filter on.
          </p>
        ) : (
          <>
            {filters.length === 0 && (
              <p className="text-muted-foreground text-sm">
                No filters: the buyer receives every lead of its area.
              </p>
            )}
            {filters.map((f, index) => {
              const field = fieldOf(f.fieldId);
              return (
                <div key={f.key} className="grid gap-2 rounded-md border p-2" data-testid="lead-filter">
                  <div className="flex flex-wrap items-center gap-2">
                    <Select
                      value={f.fieldId}
                      onValueChange={(fieldId) => update(f.key, { fieldId, values: [], text: "" })}
                    >
                      <SelectTrigger
                        className="min-w-0 flex-1 basis-40"
                        aria-label={`Filter ${index + 1} question`}
                      >
                        <SelectValue placeholder="Question" />
                      </SelectTrigger>
                      <SelectContent>
                        {saved.fields.map((q) => (
                          <SelectItem key={q.fieldId} value={q.fieldId}>
                            {q.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <Select
                      value={f.operator}
                      onValueChange={(v) => update(f.key, { operator: v as TLeadFilterOperator })}
                    >
                      <SelectTrigger className="w-28" aria-label={`Filter ${index + 1} operator`}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {OPERATORS.map((o) => (
                          <SelectItem key={o.value} value={o.value}>
                            {o.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Remove filter ${index + 1}`}
                      onClick={() => setFilters((list) => list.filter((x) => x.key !== f.key))}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                  {field?.options.length ? (
                    <fieldset
                      className="flex flex-wrap gap-x-4 gap-y-1.5"
                      aria-label={`Filter ${index + 1} answers`}
                    >
                      {field.options.map((option) => (
                        <Label key={option} className="flex items-center gap-2 font-normal">
                          <Checkbox
                            checked={f.values.includes(option)}
                            onCheckedChange={(on) =>
                              update(f.key, {
                                values: on ? [...f.values, option] : f.values.filter((v) => v !== option),
                              })
                            }
                          />
                          {option}
                        </Label>
                      ))}
                    </fieldset>
                  ) : (
                    field && (
                      <Input
                        aria-label={`Filter ${index + 1} answers`}
                        placeholder="Answers, separated by commas"
                        value={f.text}
                        onChange={(e) => update(f.key, { text: e.target.value })}
                      />
                    )
                  )}
                </div>
              );
            })}
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() =>
                  setFilters((list) => [
                    ...list,
                    { key: crypto.randomUUID(), fieldId: "", operator: "is", values: [], text: "" },
                  ])
                }
              >
                <Plus aria-hidden="true" /> Add filter
              </Button>
            </div>
          </>
        )}
      </fieldset>
      <div>
        <BusyButton
          type="button"
          variant="outline"
          onClick={() => save.mutate()}
          busy={save.isPending}
          disabled={save.isPending}
          icon={<Save aria-hidden="true" />}
        >
          Save bids and filters
        </BusyButton>
      </div>
    </>
  );
}
