import { RETURN_STATUSES, type TReturnStatus } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { Check, PhoneOff, Undo2, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ReturnStatusBadge } from "@/components/return-status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, QueryState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { useTabParam } from "@/lib/use-tab-param";
import { fetchReturnSettings, fetchReturns, returnKeys } from "../api";
import { DecideReturnDialog, type TDecision } from "./decide-return-dialog";

const TABS = [...RETURN_STATUSES, "all"] as const;
const TAB_LABELS: Record<(typeof TABS)[number], string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  all: "All",
};

/** /dashboard/returns: buyers' returns of leads, decided by owners and admins. */
export function ReturnsPage() {
  const [tab, setTab] = useTabParam(TABS);
  const isAdmin = useIsCompanyAdmin();
  const { date } = useDisplayFormat();
  const returns = useQuery({
    queryKey: returnKeys.list(tab),
    queryFn: ({ signal }) => fetchReturns(tab, signal),
  });
  const settings = useQuery({
    queryKey: ["returns", "settings"],
    queryFn: ({ signal }) => fetchReturnSettings(signal),
  });
  const [decision, setDecision] = useState<TDecision | null>(null);
  const counts = returns.data?.counts;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Returns"
        description="Leads your buyers returned. Approving refunds the lead's credits; rejecting changes no balance. Set the window, reasons and rules under Settings → Returns."
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="w-full sm:w-fit">
          {TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {TAB_LABELS[t]}
              {counts && t !== "all" ? ` (${counts[t as TReturnStatus]})` : ""}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <QueryState query={returns} label="Loading returns" failure="Failed to load returns">
        {(data) =>
          data.returns.length === 0 ? (
            <EmptyState icon={Undo2} title={tab === "pending" ? "No returns waiting" : "No returns here"}>
              {tab === "pending" ? "When a buyer returns a lead, it waits here for your decision." : null}
            </EmptyState>
          ) : (
            <Card className="py-0">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Lead</TableHead>
                    <TableHead>Buyer</TableHead>
                    <TableHead>Reason</TableHead>
                    <TableHead className="text-right">Credits</TableHead>
                    <TableHead>Filed</TableHead>
                    <TableHead>State</TableHead>
                    <TableHead className="w-0 text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.returns.map((r) => (
                    <TableRow key={r.id}>
                      <TableCell className="font-medium">
                        <Link
                          to={`/dashboard/leads?lead=${r.leadId}`}
                          className="underline-offset-4 hover:underline"
                        >
                          {r.leadName ?? "Lead"}
                        </Link>
                        <span className="block font-normal text-muted-foreground text-xs">
                          {[r.leadService, r.formTitle].filter(Boolean).join(" · ")}
                        </span>
                        {r.phoneMarkedInvalid && (
                          <Badge variant="outline" className="mt-1">
                            <PhoneOff aria-hidden="true" />
                            Phone marked invalid
                          </Badge>
                        )}
                      </TableCell>
                      <TableCell>{r.buyerName}</TableCell>
                      <TableCell className="max-w-64">
                        {r.reason}
                        {r.note && (
                          <span className="block whitespace-pre-wrap break-words text-muted-foreground text-xs">
                            {r.note}
                          </span>
                        )}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{r.credits}</TableCell>
                      <TableCell className="whitespace-nowrap">{date(r.createdAt)}</TableCell>
                      <TableCell>
                        <ReturnStatusBadge status={r.status} />
                        {r.autoApproved && (
                          <span className="block text-muted-foreground text-xs">By your rule</span>
                        )}
                        {r.resold && <span className="block text-muted-foreground text-xs">Slot freed</span>}
                        {r.decisionNote && (
                          <span className="block max-w-48 whitespace-pre-wrap break-words text-muted-foreground text-xs">
                            {r.decisionNote}
                          </span>
                        )}
                      </TableCell>
                      <TableCell>
                        {r.status === "pending" && isAdmin && (
                          <div className="flex justify-end gap-1">
                            <Button
                              size="sm"
                              onClick={() => setDecision({ ret: r, action: "approve" })}
                              aria-label={`Approve the return of ${r.leadName ?? "the lead"} by ${r.buyerName}`}
                            >
                              <Check aria-hidden="true" />
                              Approve
                            </Button>
                            <Button
                              size="sm"
                              variant="outline"
                              onClick={() => setDecision({ ret: r, action: "reject" })}
                              aria-label={`Reject the return of ${r.leadName ?? "the lead"} by ${r.buyerName}`}
                            >
                              <X aria-hidden="true" />
                              Reject
                            </Button>
                          </div>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          )
        }
      </QueryState>
      <DecideReturnDialog
        decision={decision}
        resellByDefault={settings.data?.resellOnApprove ?? false}
        onClose={() => setDecision(null)}
      />
    </div>
  );
}
