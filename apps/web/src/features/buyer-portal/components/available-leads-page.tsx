import type { TPreviewListQuery } from "@leadpost/shared";
import { Inbox, Search } from "lucide-react";
import { useState } from "react";
import { Input } from "@/components/ui/input";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { EmptyState, ErrorState } from "@/components/ui/query-states";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { useBuyerSummary, usePreviews } from "../hooks/use-buyer-portal";
import { PreviewBoard } from "./preview-board";

const PAGE_SIZE = 12;
type TAvailability = "all" | "available" | "sold_out";

/** Available Leads (PRODUCT §4): every preview with filters and paging, and the purchase dialog. */
export function AvailableLeadsPage() {
  const [search, setSearch] = useState("");
  const [state, setState] = useState("");
  const [availability, setAvailability] = useState<TAvailability>("all");
  const [page, setPage] = useState(1);
  const query: TPreviewListQuery = {
    page,
    pageSize: PAGE_SIZE,
    search: search.trim() || undefined,
    state: state.trim() || undefined,
    availability: availability === "all" ? undefined : availability,
  };
  const previews = usePreviews(query);
  const summary = useBuyerSummary();
  const { locale } = useDisplayFormat();
  const filtered = Boolean(query.search || query.state || query.availability);

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Available Leads"
        description={
          summary.data
            ? `Organization Credits: ${summary.data.stats.credits}`
            : "Lead previews you can unlock."
        }
      />
      <search className="flex flex-wrap items-end gap-3">
        <div className="relative min-w-56 flex-1">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
          <Input
            aria-label="Search city, zip or service"
            placeholder="Search city, zip or service"
            className="pl-8"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <Input
          aria-label="State"
          placeholder="State"
          className="w-24"
          maxLength={50}
          value={state}
          onChange={(e) => {
            setState(e.target.value);
            setPage(1);
          }}
        />
        <Select
          value={availability}
          onValueChange={(v) => {
            setAvailability(v as TAvailability);
            setPage(1);
          }}
        >
          <SelectTrigger className="w-40" aria-label="Availability">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All leads</SelectItem>
            <SelectItem value="available">Available</SelectItem>
            <SelectItem value="sold_out">Sold out</SelectItem>
          </SelectContent>
        </Select>
      </search>
      {previews.isPending ? (
        <LoadingBlock rows={3} />
      ) : previews.isError ? (
        <ErrorState
          title="Failed to load leads"
          error={previews.error}
          onRetry={() => void previews.refetch()}
        />
      ) : previews.data.previews.length === 0 ? (
        <EmptyState icon={Inbox} title={filtered ? "No leads match these filters" : "No lead previews yet"}>
          {filtered ? "Try other filters." : "New leads in your service area appear here as they arrive."}
        </EmptyState>
      ) : (
        <>
          <PreviewBoard previews={previews.data.previews} balance={summary.data?.stats.credits ?? null} />
          <Pager
            locale={locale}
            hideWhenSinglePage
            page={page}
            pageSize={PAGE_SIZE}
            total={previews.data.total}
            totalKind={previews.data.moreThanTotal ? "atLeast" : "exact"}
            hasMore={previews.data.hasMore}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
