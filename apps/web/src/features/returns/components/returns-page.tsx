import { RETURN_STATUSES, type TReturnStatus } from "@leadpost/shared/domain/returns";
import { useQuery } from "@tanstack/react-query";
import { Check, PhoneOff, Undo2, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ReturnStatusBadge } from "@/components/return-status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { lazyDialog } from "@/components/ui/dialog";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, QueryState } from "@/components/ui/query-states";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { useTabParam } from "@/lib/use-tab-param";
import { fetchReturnSettings, fetchReturns, returnKeys } from "../api";
import type { TDecision } from "./decide-return-dialog";

// The approve or reject dialog loads on its first open (on-demand.mjs).
const DecideReturnDialog = lazyDialog(
  () => import("./decide-return-dialog").then((m) => m.DecideReturnDialog),
  (props) => props.decision !== null,
);

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
        <TabsList className="w-full overflow-x-auto sm:w-fit">
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
            <ul className="grid gap-3" aria-label="Returns">
              {data.returns.map((r) => (
                <li key={r.id}>
                  <Card className="gap-3 p-4" data-testid="return-row">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <Link
                          to={`/dashboard/leads?lead=${r.leadId}`}
                          className="font-medium underline-offset-4 hover:underline"
                        >
                          {r.leadName ?? "Lead"}
                        </Link>
                        <p className="text-muted-foreground text-xs">
                          {[r.leadService, r.formTitle].filter(Boolean).join(" · ")}
                        </p>
                      </div>
                      <div className="flex flex-wrap items-center gap-2">
                        {r.phoneMarkedInvalid && (
                          <Badge variant="outline">
                            <PhoneOff aria-hidden="true" />
                            Phone marked invalid
                          </Badge>
                        )}
                        <ReturnStatusBadge status={r.status} />
                      </div>
                    </div>
                    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
                      <div>
                        <dt className="text-muted-foreground text-xs">Buyer</dt>
                        <dd className="break-words">{r.buyerName}</dd>
                      </div>
                      <div>
                        <dt className="text-muted-foreground text-xs">Reason</dt>
                        <dd>{r.reason}</dd>
                      </div>
                      <div>
                        <dt className="text-muted-foreground text-xs">Credits</dt>
                        <dd className="tabular-nums">{r.credits}</dd>
                      </div>
                      <div>
                        <dt className="text-muted-foreground text-xs">Filed</dt>
                        <dd>{date(r.createdAt)}</dd>
                      </div>
                    </dl>
                    {r.note && (
                      <p className="whitespace-pre-wrap break-words text-sm">
                        <span className="text-muted-foreground">Buyer's note: </span>
                        {r.note}
                      </p>
                    )}
                    {r.status !== "pending" && (
                      <p className="text-muted-foreground text-sm">
                        {r.status === "approved" ? "Approved" : "Rejected"}
                        {r.decidedAt ? ` ${date(r.decidedAt)}` : ""}
                        {r.autoApproved ? " by your rule" : ""}
                        {r.resold ? " · slot freed for resale" : ""}
                        {r.decisionNote ? ` · Note: ${r.decisionNote}` : ""}
                      </p>
                    )}
                    {r.status === "pending" && isAdmin && (
                      <div className="flex flex-wrap gap-2">
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
                  </Card>
                </li>
              ))}
            </ul>
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
