import type { TCreditLedgerEntry } from "@leadpost/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Download, HeartPulse } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-error";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { toast } from "@/lib/toast";
import { checkCreditsHealth, creditKeys, downloadLedgerCsv, fetchCreditBuyers, fetchLedger } from "../api";
import { CreditForm } from "./credit-form";

/** /owner/credits: grant or revoke buyers' credits beside the latest 50 ledger entries (002). */
export function CreditsPage() {
  const buyers = useQuery({
    queryKey: creditKeys.buyers,
    queryFn: ({ signal }) => fetchCreditBuyers(signal),
  });
  const ledger = useQuery({ queryKey: creditKeys.ledger, queryFn: ({ signal }) => fetchLedger(signal) });
  const health = useMutation({
    mutationFn: checkCreditsHealth,
    onSuccess: (r) =>
      toast.success("Credits service reachable", { description: `Request ID: ${r.requestId}` }),
    onError: (error) => {
      const offline = typeof navigator !== "undefined" && navigator.onLine === false;
      const reason = offline
        ? "You appear to be offline."
        : isApiError(error) && error.status === 401
          ? "Authentication failed."
          : isApiError(error) && error.isNetworkError
            ? "Cannot reach the server."
            : (error as Error).message;
      toast.error("Health check failed", { description: reason });
    },
  });
  const exportCsv = useMutation({
    mutationFn: downloadLedgerCsv,
    onError: (error) => toast.error("Export failed", { description: (error as Error).message }),
  });

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Lead Credits"
        description="Grant or revoke credits for your buyers"
        actions={
          <Button variant="outline" onClick={() => health.mutate()} disabled={health.isPending}>
            <HeartPulse aria-hidden="true" />
            Check Connection
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Adjust Credits</CardTitle>
            <CardDescription>Grants can expire; revokes can never take a balance below zero.</CardDescription>
          </CardHeader>
          <CardContent>
            {buyers.isPending ? (
              <Skeleton className="h-64" />
            ) : buyers.isError ? (
              <ErrorLine message="Failed to load buyers" onRetry={() => void buyers.refetch()} />
            ) : buyers.data.buyers.length === 0 ? (
              <p className="text-muted-foreground text-sm">No buyers yet. Add a buyer first.</p>
            ) : (
              <CreditForm buyers={buyers.data.buyers} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex flex-row items-start justify-between gap-2">
            <div className="grid gap-1.5">
              <CardTitle>Credits Ledger</CardTitle>
              <CardDescription>The latest 50 entries.</CardDescription>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => exportCsv.mutate()}
              disabled={exportCsv.isPending}
            >
              <Download aria-hidden="true" />
              Export CSV
            </Button>
          </CardHeader>
          <CardContent>
            {ledger.isPending ? (
              <Skeleton className="h-[400px]" />
            ) : ledger.isError ? (
              <ErrorLine message="Failed to load the ledger" onRetry={() => void ledger.refetch()} />
            ) : ledger.data.entries.length === 0 ? (
              <p className="text-muted-foreground text-sm">No credit transactions yet.</p>
            ) : (
              <ul
                className="h-[400px] divide-y overflow-y-auto rounded-md border"
                aria-label="Credits ledger"
              >
                {ledger.data.entries.map((e) => (
                  <LedgerRow key={e.id} entry={e} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function LedgerRow({ entry }: { entry: TCreditLedgerEntry }) {
  const { dateTime: when, date } = useDisplayFormat();
  const revoked = entry.isRevoked || entry.type === "revoke";
  return (
    <li className="grid gap-1 p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="truncate font-medium">{entry.buyerName ?? entry.buyerEmail}</span>
        <span className={entry.amount < 0 ? "text-destructive tabular-nums" : "text-success tabular-nums"}>
          {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
        <Badge variant="outline">{entry.type}</Badge>
        {revoked && <Badge variant="warning">Revoked</Badge>}
        <span>{when(entry.createdAt)}</span>
        {entry.expiresAt && <span>expires {date(entry.expiresAt)}</span>}
      </div>
      {(entry.reason || entry.notes) && (
        <p className="text-muted-foreground">{[entry.reason, entry.notes].filter(Boolean).join(" · ")}</p>
      )}
    </li>
  );
}

function ErrorLine({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex items-center justify-between gap-2 text-sm">
      <span className="text-destructive">{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
