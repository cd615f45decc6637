import type { TBillingRow } from "@leadpost/shared";
import { Receipt } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { EmptyState, ErrorState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { useBillingHistory } from "../hooks/use-buyer-portal";

const STATUS_VARIANT = { paid: "success", pending: "warning", failed: "destructive" } as const;
const STATUS_LABEL: Record<TBillingRow["status"], string> = {
  paid: "Paid",
  pending: "Pending",
  failed: "Failed",
};

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: "currency", currency }).format(amount);

/** Real billing rows from this buyer's credit-pack payments (PRODUCT §2 replaces the sample rows). */
export function BillingHistory() {
  const billing = useBillingHistory();
  const { date: formatDate } = useDisplayFormat();
  if (billing.isPending) return <LoadingBlock rows={2} />;
  if (billing.isError) {
    return (
      <ErrorState
        title="Failed to load billing history"
        error={billing.error}
        onRetry={() => void billing.refetch()}
      />
    );
  }
  if (billing.data.rows.length === 0) {
    return (
      <EmptyState icon={Receipt} title="No payments yet">
        Credit packs you buy appear here.
      </EmptyState>
    );
  }
  return (
    <div className="rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Type</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {billing.data.rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{formatDate(row.createdAt)}</TableCell>
              <TableCell>{row.description}</TableCell>
              <TableCell className="capitalize">{row.type}</TableCell>
              <TableCell className="text-right tabular-nums">{money(row.amount, row.currency)}</TableCell>
              <TableCell>
                <Badge variant={STATUS_VARIANT[row.status]}>{STATUS_LABEL[row.status]}</Badge>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
