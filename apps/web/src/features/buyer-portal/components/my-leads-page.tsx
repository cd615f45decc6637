import { CRM_STATUS_LABELS, CRM_STATUSES, type TCrmStatus, type TMyLeadFilters } from "@leadpost/shared";
import { Download, ListChecks, Search } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { lazyDialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { EmptyState, ErrorState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { toast } from "@/lib/toast";
import { downloadMyLeadsCsv } from "../api";
import { useBuyerId, useMyLeads, useUpdateMyLead } from "../hooks/use-buyer-portal";
import { CrmStatusSelect } from "./crm-status-select";

// A lead's dialog (its fields, notes, delivery log and return) loads on the first lead opened (ON_DEMAND in
// on-demand.mjs), with the backdrop and a spinner meanwhile.
const MyLeadDialog = lazyDialog(
  async () => (await import("./my-lead-dialog")).MyLeadDialog,
  () => true,
);

const PAGE_SIZE = 25;

/** My Leads (PRODUCT §4): purchased leads with every field, CRM status, notes, filters and CSV. */
export function MyLeadsPage() {
  const buyerId = useBuyerId();
  const { date: formatDate, locale } = useDisplayFormat();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<TCrmStatus | "all">("all");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const filters: TMyLeadFilters = {
    search: search.trim() || undefined,
    crmStatus: status === "all" ? undefined : status,
    from: from || undefined,
    to: to || undefined,
  };
  const leads = useMyLeads({ ...filters, page, pageSize: PAGE_SIZE });
  const update = useUpdateMyLead();
  const open = leads.data?.leads.find((l) => l.leadId === openId) ?? null;
  const filtered = Boolean(filters.search || filters.crmStatus || filters.from || filters.to);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadMyLeadsCsv(buyerId, filters);
    } catch (e) {
      toast.error("Failed to export leads", { description: e instanceof Error ? e.message : undefined });
    } finally {
      setExporting(false);
    }
  };
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="My Leads"
        description="The leads you own, with their CRM status."
        actions={
          <BusyButton
            variant="outline"
            size="sm"
            onClick={exportCsv}
            disabled={exporting || !leads.data?.total}
            busy={exporting}
            icon={<Download aria-hidden="true" />}
          >
            Export CSV
          </BusyButton>
        }
      />
      <Tabs value={status} onValueChange={(v) => resetPage(setStatus)(v as TCrmStatus | "all")}>
        {/* One row that scrolls sideways on a narrow screen, never wrapping over the search below. */}
        <TabsList className="w-full justify-start overflow-x-auto overflow-y-hidden sm:w-fit">
          <TabsTrigger value="all">All</TabsTrigger>
          {CRM_STATUSES.map((s) => (
            <TabsTrigger key={s} value={s}>
              {CRM_STATUS_LABELS[s]}
              {leads.data ? ` (${leads.data.statusCounts[s]})` : ""}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <search className="flex flex-wrap items-end gap-3">
        <div className="relative min-w-56 flex-1">
          <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
          <Input
            aria-label="Search name, email, phone, city or zip"
            placeholder="Search name, email, phone, city or zip"
            className="pl-8"
            value={search}
            onChange={(e) => resetPage(setSearch)(e.target.value)}
          />
        </div>
        <div className="grid gap-1 text-muted-foreground text-xs">
          <Label htmlFor="my-leads-from">From</Label>
          <Input
            id="my-leads-from"
            type="date"
            value={from}
            onChange={(e) => resetPage(setFrom)(e.target.value)}
            className="w-40"
          />
        </div>
        <div className="grid gap-1 text-muted-foreground text-xs">
          <Label htmlFor="my-leads-to">To</Label>
          <Input
            id="my-leads-to"
            type="date"
            value={to}
            onChange={(e) => resetPage(setTo)(e.target.value)}
            className="w-40"
          />
        </div>
      </search>
      {leads.isPending ? (
        <LoadingBlock rows={4} />
      ) : leads.isError ? (
        <ErrorState title="Failed to load leads" error={leads.error} onRetry={() => void leads.refetch()} />
      ) : leads.data.leads.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title={filtered ? "No leads match these filters" : "No purchased leads yet"}
        >
          {filtered ? "Try other filters." : "Leads you unlock from Available Leads appear here."}
        </EmptyState>
      ) : (
        <>
          <div className="rounded-lg border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Contact</TableHead>
                  <TableHead>Location</TableHead>
                  <TableHead>Service</TableHead>
                  <TableHead>Received</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>
                    <span className="sr-only">Details</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {leads.data.leads.map((lead) => (
                  <TableRow key={lead.leadId} data-testid="my-lead-row">
                    <TableCell className="font-medium">{lead.name ?? "—"}</TableCell>
                    <TableCell className="text-sm">
                      <div>{lead.email ?? "—"}</div>
                      <div className="text-muted-foreground">{lead.phone ?? ""}</div>
                    </TableCell>
                    <TableCell>
                      {[lead.city, lead.state, lead.zipCode].filter(Boolean).join(", ") || "—"}
                    </TableCell>
                    <TableCell>{lead.serviceType}</TableCell>
                    <TableCell>{formatDate(lead.createdAt)}</TableCell>
                    <TableCell>
                      <CrmStatusSelect
                        label={`CRM status of ${lead.name ?? "lead"}`}
                        value={lead.crmStatus}
                        disabled={update.isPending && update.variables?.leadId === lead.leadId}
                        onChange={(crmStatus) =>
                          update.mutate(
                            { leadId: lead.leadId, update: { crmStatus } },
                            {
                              onSuccess: () => toast.success(`Status set to ${CRM_STATUS_LABELS[crmStatus]}`),
                              onError: (e) =>
                                toast.error("Failed to update status", { description: e.message }),
                            },
                          )
                        }
                      />
                    </TableCell>
                    <TableCell>
                      <Button variant="ghost" size="sm" onClick={() => setOpenId(lead.leadId)}>
                        Details
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pager
            locale={locale}
            hideWhenSinglePage
            page={page}
            pageSize={PAGE_SIZE}
            total={leads.data.total}
            onPage={setPage}
          />
        </>
      )}
      {open && <MyLeadDialog key={open.leadId} lead={open} onClose={() => setOpenId(null)} />}
    </div>
  );
}
