import { Undo2 } from "lucide-react";
import { Link } from "react-router";
import { ReturnStatusBadge } from "@/components/return-status-badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, QueryState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { useBuyerReturns } from "../hooks/use-buyer-returns";

/** /buyer/returns: every lead the buyer returned, with its state and the company's note. */
export function BuyerReturnsPage() {
  const returns = useBuyerReturns();
  const { date } = useDisplayFormat();
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Returns"
        description={
          returns.data
            ? `Leads you returned. Returns are accepted within ${returns.data.policy.windowDays} ${returns.data.policy.windowDays === 1 ? "day" : "days"} of purchase; return a lead from My Leads.`
            : "Leads you returned, with their state."
        }
      />
      <QueryState query={returns} label="Loading returns" failure="Failed to load returns">
        {(data) =>
          data.returns.length === 0 ? (
            <EmptyState icon={Undo2} title="No returns yet">
              To return a lead you bought, open it in <Link to="/buyer/my-leads">My Leads</Link>.
            </EmptyState>
          ) : (
            <Card className="py-0">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Lead</TableHead>
                    <TableHead>Reason</TableHead>
                    <TableHead>State</TableHead>
                    <TableHead className="hidden text-right sm:table-cell">Credits</TableHead>
                    <TableHead className="hidden sm:table-cell">Filed</TableHead>
                    <TableHead className="hidden sm:table-cell">Company note</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.returns.map((r) => (
                    <TableRow key={r.id}>
                      <TableCell className="font-medium">
                        {r.leadName ?? "Lead"}
                        {r.leadService && (
                          <span className="block font-normal text-muted-foreground text-xs">
                            {r.leadService}
                          </span>
                        )}
                      </TableCell>
                      <TableCell>{r.reason}</TableCell>
                      <TableCell>
                        <ReturnStatusBadge status={r.status} />
                        {r.decisionNote && (
                          <span className="mt-1 block max-w-40 whitespace-pre-wrap break-words text-muted-foreground text-xs sm:hidden">
                            {r.decisionNote}
                          </span>
                        )}
                      </TableCell>
                      <TableCell className="hidden text-right tabular-nums sm:table-cell">
                        {r.credits}
                      </TableCell>
                      <TableCell className="hidden whitespace-nowrap sm:table-cell">
                        {date(r.createdAt)}
                      </TableCell>
                      <TableCell className="hidden max-w-64 whitespace-pre-wrap break-words text-muted-foreground sm:table-cell">
                        {r.decisionNote ?? "—"}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          )
        }
      </QueryState>
    </div>
  );
}
