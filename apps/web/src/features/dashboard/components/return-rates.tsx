import type { TReturnRateRow } from "@leadpost/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { fetchReturnRates, returnRatesKey } from "../api";

const SHOWN = 5;

/** Returns per lead bought with credits in the period, per buyer and per form (docs/returns.md). */
export function ReturnRates({ days }: { days: number }) {
  const rates = useQuery({
    queryKey: returnRatesKey(days),
    queryFn: ({ signal }) => fetchReturnRates(days, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Card role="region" aria-labelledby="return-rates-title">
      <CardHeader>
        <CardTitle id="return-rates-title">Return rates</CardTitle>
        <CardDescription>
          Leads returned out of leads bought with credits in the last {days} days.{" "}
          <Link to="/dashboard/returns" className="underline underline-offset-4">
            Open the returns queue
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={rates} label="Loading return rates" failure="Failed to load return rates">
          {(data) =>
            data.byBuyer.length === 0 ? (
              <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
                Once buyers buy leads with credits, how many they return shows here, per buyer and per form.
              </p>
            ) : (
              <div className="grid gap-6 lg:grid-cols-2">
                <RateTable caption="By buyer" rows={data.byBuyer} />
                <RateTable caption="By form" rows={data.byForm} />
              </div>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}

function RateTable({ caption, rows }: { caption: string; rows: TReturnRateRow[] }) {
  return (
    <Table>
      <caption className="mb-2 caption-top text-left font-medium text-foreground text-sm">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{caption === "By buyer" ? "Buyer" : "Form"}</TableHead>
          <TableHead className="text-right">Bought</TableHead>
          <TableHead className="text-right">Returned</TableHead>
          <TableHead className="text-right">Rate</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.slice(0, SHOWN).map((r) => (
          <TableRow key={r.id ?? r.name}>
            <TableCell className="max-w-40 truncate">{r.name}</TableCell>
            <TableCell className="text-right tabular-nums">{r.bought}</TableCell>
            <TableCell className="text-right tabular-nums">
              {r.returned}
              {r.approved !== r.returned && (
                <span className="text-muted-foreground text-xs"> ({r.approved} approved)</span>
              )}
            </TableCell>
            <TableCell className="text-right tabular-nums">{r.rate}%</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
