import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download, Inbox } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { fetchLeads, leadKeys, leadsExportUrl } from "../api";
import { filtersFromParams } from "../lib/filters";
import { LeadsFilters } from "./leads-filters";
import { LeadsTable } from "./leads-table";

// The detail sheet (a dialog, its confirm dialog and the routing section) loads when a lead is first opened.
const LeadDetailSheet = lazy(async () => ({
  default: (await import("./lead-detail-sheet")).LeadDetailSheet,
}));

const PAGE_SIZE = 25;

/** /dashboard/leads: searchable, filterable, paginated leads with detail, export and delete. */
export function LeadsPage() {
  const [params, setParams] = useSearchParams();
  const { page, ...filters } = filtersFromParams(params);
  const { count, locale } = useDisplayFormat();
  const query = useQuery({
    queryKey: leadKeys.list({ ...filters, page, pageSize: PAGE_SIZE }),
    queryFn: ({ signal }) => fetchLeads({ ...filters, page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const openLead = params.get("lead");
  // Once opened, the sheet stays mounted so that it closes with its animation.
  const [sheetUsed, setSheetUsed] = useState(false);
  if (openLead && !sheetUsed) setSheetUsed(true);

  const setParam = (changes: Record<string, string | undefined>) => {
    setParams(
      () => {
        // From the address bar, not this render's params: the search box commits after a delay, and its
        // stale params would close a lead opened meanwhile.
        const next = new URLSearchParams(window.location.search);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  };
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="mx-auto w-full max-w-7xl">
      <PageHeader
        title="Leads"
        description={
          query.data
            ? `${count(query.data.total, query.data.estimatedCounts.includes("total") ? "estimated" : "exact")} ${query.data.total === 1 ? "lead" : "leads"}`
            : "Every lead your forms captured."
        }
        actions={
          <Button variant="outline" asChild>
            <a href={leadsExportUrl(filters)} download>
              <Download aria-hidden="true" /> Export CSV
            </a>
          </Button>
        }
      />
      <LeadsFilters
        filters={filters}
        counts={query.data}
        onChange={(changes) => setParam({ ...changes, page: undefined })}
      />
      {query.isPending ? (
        <div className="grid gap-2" role="status" aria-busy="true" aria-label="Loading leads">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      ) : query.isError ? (
        <Card role="alert">
          <CardHeader>
            <CardTitle>Failed to load leads. Please try again later.</CardTitle>
            <CardDescription>{query.error.message}</CardDescription>
          </CardHeader>
          <div className="px-6">
            <Button variant="outline" onClick={() => query.refetch()}>
              Try again
            </Button>
          </div>
        </Card>
      ) : query.data.leads.length === 0 ? (
        <Card className="items-center py-12 text-center">
          <Inbox className="size-10 text-muted-foreground" aria-hidden="true" />
          <CardHeader className="w-full">
            <CardTitle>{filtered ? "No leads match these filters" : "No leads yet"}</CardTitle>
            <CardDescription>
              {filtered
                ? "Clear a filter to see more."
                : "Leads appear here as soon as someone submits one of your forms."}
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <>
          <LeadsTable leads={query.data.leads} onOpen={(id) => setParam({ lead: id })} />
          <Pager
            className="mt-4 flex items-center justify-between gap-3 text-sm"
            page={query.data.page}
            pageSize={query.data.pageSize}
            total={query.data.total}
            totalKind={query.data.estimatedCounts.includes("total") ? "estimated" : "exact"}
            hasMore={query.data.nextCursor !== null}
            onPage={(p) => setParam({ page: p > 1 ? String(p) : undefined })}
            locale={locale}
          />
        </>
      )}
      {sheetUsed && (
        <Suspense fallback={<SheetLoading />}>
          <LeadDetailSheet leadId={openLead} onClose={() => setParam({ lead: undefined })} />
        </Suspense>
      )}
    </div>
  );
}

/** Stands where the detail sheet opens while its code loads. */
function SheetLoading() {
  return (
    <div
      role="status"
      className="fixed inset-y-0 right-0 z-50 flex w-full flex-col gap-3 border-l bg-background p-6 shadow-lg sm:max-w-xl"
    >
      <span className="sr-only">Loading the lead…</span>
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
