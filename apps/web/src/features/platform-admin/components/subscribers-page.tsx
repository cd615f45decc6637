import { PLATFORM_LIST_PAGE_SIZE, type TSubscriberQuery } from "@leadpost/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowLeft, ArrowUp, ArrowUpDown, Building2, Search } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { EmptyState, ErrorState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { fetchSubscribers, platformAdminKeys } from "../api";

type TSort = TSubscriberQuery["sort"];
const COLUMNS: { sort: TSort; label: string; numeric?: boolean; className?: string }[] = [
  { sort: "name", label: "Company" },
  { sort: "tier", label: "Tier" },
  { sort: "status", label: "Subscription", className: "hidden sm:table-cell" },
  { sort: "trialEnd", label: "Trial ends", className: "hidden md:table-cell" },
  { sort: "seatsUsed", label: "Seats", numeric: true },
  { sort: "buyers", label: "Buyers", numeric: true, className: "hidden sm:table-cell" },
  { sort: "leads", label: "Leads", numeric: true, className: "hidden sm:table-cell" },
];

function trialText(iso: string | null) {
  if (!iso) return "—";
  const date = new Date(iso);
  const text = date.toLocaleDateString();
  return date.getTime() < Date.now() ? `${text} (expired)` : text;
}

/** PRODUCT §4 Subscribers: every company with tier, subscription, trial end and usage; sortable, searchable. */
export function SubscribersPage() {
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState<TSubscriberQuery>({ sort: "name", dir: "asc", page: 1 });
  const list = useQuery({
    queryKey: platformAdminKeys.subscribers(query),
    queryFn: ({ signal }) => fetchSubscribers(query, signal),
    placeholderData: keepPreviousData,
  });
  const sortBy = (sort: TSort) =>
    setQuery((q) => ({
      ...q,
      sort,
      dir: q.sort === sort && q.dir === "asc" ? "desc" : "asc",
      page: 1,
    }));

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Subscribers"
        description="Every company on the platform with its subscription and usage. Open a company to extend its trial, set its plan or suspend it."
        actions={
          <Button variant="outline" asChild>
            <Link to="/dashboard/developer">
              <ArrowLeft aria-hidden="true" />
              Developer Settings
            </Link>
          </Button>
        }
      />
      <search>
        <form
          className="mb-4 flex max-w-md gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery((q) => ({ ...q, search: draft.trim() || undefined, page: 1 }));
          }}
        >
          <Input
            aria-label="Search companies"
            placeholder="Search by company or admin email"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            Search
          </Button>
        </form>
      </search>
      {list.isPending ? (
        <LoadingBlock rows={5} />
      ) : list.isError ? (
        <ErrorState
          title="Failed to load subscribers"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={Building2} title="No companies found">
          {query.search ? "Try another search." : null}
        </EmptyState>
      ) : (
        <div className="grid gap-4">
          <div className="overflow-x-auto rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  {COLUMNS.map((col) => {
                    const active = query.sort === col.sort;
                    const Icon = active ? (query.dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
                    return (
                      <TableHead
                        key={col.sort}
                        className={col.className}
                        aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : "none"}
                      >
                        <Button variant="ghost" size="sm" className="-ml-2" onClick={() => sortBy(col.sort)}>
                          {col.label}
                          <Icon aria-hidden="true" className="size-3.5" />
                        </Button>
                      </TableHead>
                    );
                  })}
                  <TableHead className="hidden lg:table-cell">Last activity</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.data.items.map((row) => (
                  <TableRow key={row.companyId}>
                    <TableCell>
                      <Link
                        to={`/dashboard/developer/companies/${row.companyId}`}
                        className="block max-w-48 truncate font-medium underline-offset-4 hover:underline"
                      >
                        {row.name}
                      </Link>
                      {row.suspendedAt && (
                        <Badge variant="destructive" className="mt-1">
                          Suspended
                        </Badge>
                      )}
                      <div className="max-w-48 truncate text-muted-foreground text-xs">
                        {row.adminEmail ?? ""}
                      </div>
                    </TableCell>
                    <TableCell>
                      <Badge variant={row.tier === "free" ? "secondary" : "default"} className="capitalize">
                        {row.tier}
                      </Badge>
                    </TableCell>
                    <TableCell className="hidden capitalize sm:table-cell">
                      {row.subscriptionStatus ?? "—"}
                    </TableCell>
                    <TableCell className="hidden md:table-cell">{trialText(row.trialExpiresAt)}</TableCell>
                    <TableCell>
                      {row.seatsUsed} / {row.seats}
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">{row.buyers}</TableCell>
                    <TableCell className="hidden sm:table-cell">{row.leads}</TableCell>
                    <TableCell className="hidden lg:table-cell">
                      {row.lastActivityAt ? new Date(row.lastActivityAt).toLocaleDateString() : "—"}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pager
            page={query.page}
            pageSize={PLATFORM_LIST_PAGE_SIZE}
            total={list.data.total}
            onPage={(page) => setQuery((q) => ({ ...q, page }))}
          />
        </div>
      )}
    </div>
  );
}
