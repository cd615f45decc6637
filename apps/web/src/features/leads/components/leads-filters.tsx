import type { TLeadFilters, TLeadList } from "@leadpost/shared";
import { LEAD_STATUSES, LEAD_TEST_FILTERS } from "@leadpost/shared/domain/leads";
import { useQuery } from "@tanstack/react-query";
import { Search, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { fetchFormOptions, fetchForms, formKeys } from "@/lib/queries/forms";
import { STATUS_LABELS, TEST_FILTER_LABELS } from "../lib/filters";

const ALL = "all";
type TProps = {
  filters: TLeadFilters;
  /** The list's counts per status, and which of them are estimates. */
  counts: Pick<TLeadList, "statusCounts" | "estimatedCounts"> | undefined;
  onChange: (changes: Record<string, string | undefined>) => void;
};

function FilterSelect(props: {
  id: string;
  label: string;
  value: string | undefined;
  allLabel: string;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <div className="grid w-full gap-1.5 sm:w-44">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Select value={props.value ?? ALL} onValueChange={(v) => props.onChange(v === ALL ? undefined : v)}>
        <SelectTrigger id={props.id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{props.allLabel}</SelectItem>
          {props.options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Search (name, e-mail, phone, city, zip) and the form, niche, status and date filters. */
export function LeadsFilters({ filters, counts, onChange }: TProps) {
  const forms = useQuery({ queryKey: formKeys.list(), queryFn: ({ signal }) => fetchForms(signal) });
  const options = useQuery({
    queryKey: formKeys.options(),
    queryFn: ({ signal }) => fetchFormOptions(signal),
  });
  const [search, setSearch] = useState(filters.search ?? "");
  const { count } = useDisplayFormat();

  // Searching waits for a pause in typing rather than asking on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((filters.search ?? "") !== search.trim()) onChange({ search: search.trim() || undefined });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  const any = Object.values(filters).some(Boolean);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div className="grid w-full gap-1.5 sm:w-72">
        <Label htmlFor="lead-search">Search</Label>
        <div className="relative">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
          <Input
            id="lead-search"
            type="search"
            placeholder="Name, e-mail, phone, city or zip"
            className="pl-8"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      <FilterSelect
        id="lead-form"
        label="Form"
        allLabel="All forms"
        value={filters.formId}
        options={(forms.data?.forms ?? []).map((f) => ({ value: f.id, label: f.title }))}
        onChange={(formId) => onChange({ formId })}
      />
      <FilterSelect
        id="lead-niche"
        label="Niche"
        allLabel="All niches"
        value={filters.nicheId}
        options={(options.data?.niches ?? []).map((n) => ({ value: n.id, label: n.name }))}
        onChange={(nicheId) => onChange({ nicheId })}
      />
      <FilterSelect
        id="lead-status"
        label="Status"
        allLabel="All statuses"
        value={filters.status}
        options={LEAD_STATUSES.map((s) => ({
          value: s,
          label: counts
            ? `${STATUS_LABELS[s]} (${count(counts.statusCounts[s], counts.estimatedCounts.includes(s) ? "estimated" : "exact")})`
            : STATUS_LABELS[s],
        }))}
        onChange={(status) => onChange({ status })}
      />
      <FilterSelect
        id="lead-test"
        label="Leads"
        allLabel="Production leads"
        value={filters.test}
        options={LEAD_TEST_FILTERS.map((t) => ({ value: t, label: TEST_FILTER_LABELS[t] }))}
        onChange={(test) => onChange({ test })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="lead-from">From</Label>
        <Input
          id="lead-from"
          type="date"
          value={filters.from ?? ""}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lead-to">To</Label>
        <Input
          id="lead-to"
          type="date"
          value={filters.to ?? ""}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />
      </div>
      <Button
        variant="ghost"
        disabled={!any}
        onClick={() => {
          setSearch("");
          onChange({
            search: undefined,
            formId: undefined,
            nicheId: undefined,
            status: undefined,
            from: undefined,
            to: undefined,
          });
        }}
      >
        <X aria-hidden="true" /> Clear
      </Button>
    </div>
  );
}
