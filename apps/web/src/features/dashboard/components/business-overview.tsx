import type { TBusinessOverview } from "@leadpost/shared";
import { BUSINESS_PERIODS } from "@leadpost/shared/domain/business-periods";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type * as React from "react";
import { useId, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { BarList, DonutChart } from "@/components/ui/charts";
import { QueryState } from "@/components/ui/query-states";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { dashboardKeys, fetchBusinessOverview } from "../api";
import { LeadsPerDayChart } from "./leads-per-day-chart";
import { ReturnRates } from "./return-rates";

/**
 * The business at a glance for 7, 30 or 90 days: leads per day with sales and calls, where leads come
 * from (forms, sources), how many sold, the credits buyers spent and who buys. Every chart has its
 * numbers on hover and a table for screen readers; an empty company is told what each will show.
 */
export function BusinessOverview() {
  const [days, setDays] = useState<number>(30);
  const overview = useQuery({
    queryKey: dashboardKeys.business(days),
    queryFn: ({ signal }) => fetchBusinessOverview(days, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="business-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="business-heading" className="font-semibold text-lg">
          Your business
        </h2>
        <PeriodButtons days={days} onChange={setDays} />
      </div>
      <QueryState
        query={overview}
        label="Loading your business figures"
        failure="Failed to load the business overview"
      >
        {(data) => <Charts data={data} />}
      </QueryState>
      <ReturnRates days={days} />
    </section>
  );
}

function PeriodButtons({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  return (
    <fieldset className="flex rounded-md border p-0.5" aria-label="Period">
      {BUSINESS_PERIODS.map((d) => (
        <button
          key={d}
          type="button"
          aria-pressed={d === days}
          onClick={() => onChange(d)}
          className="rounded px-3 py-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:bg-primary aria-pressed:text-primary-foreground"
        >
          {d} days
        </button>
      ))}
    </fieldset>
  );
}

function Charts({ data }: { data: TBusinessOverview }) {
  // Money in the company's currency and country format (Preferences).
  const { money } = useDisplayFormat();
  const totalLeads = data.sales.leads;
  const totalCalls = data.daily.reduce((sum, d) => sum + d.calls, 0);
  const noLeads = totalLeads === 0;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        className="lg:col-span-2"
        title="Leads and calls per day"
        description={`${totalLeads} lead${totalLeads === 1 ? "" : "s"} (${data.sales.sold} sold) and ${totalCalls} call${totalCalls === 1 ? "" : "s"} in the last ${data.days} days`}
        empty={
          noLeads && totalCalls === 0
            ? "Each day's leads, sales and calls appear here once your forms and numbers receive them."
            : null
        }
        table={{
          caption: "Leads, sold leads and calls per day",
          head: ["Day", "Leads", "Sold", "Calls"],
          rows: data.daily.map((d) => [d.date, d.leads, d.sold, d.calls]),
        }}
      >
        <LeadsPerDayChart daily={data.daily} />
      </ChartCard>
      <ChartCard
        title="Leads by form"
        description="Which forms bring leads in."
        empty={noLeads ? "Your forms appear here, largest first, once they receive leads." : null}
        table={{
          caption: "Leads by form",
          head: ["Form", "Leads"],
          rows: data.byForm.map((f) => [f.name, f.leads]),
        }}
      >
        <BarList items={data.byForm.map((f) => ({ name: f.name, value: f.leads }))} />
      </ChartCard>
      <ChartCard
        title="Leads by source"
        description="Campaign (utm_source), ad click, referring site or direct."
        empty={
          noLeads
            ? "Where visitors came from (Google, Facebook, a referring site) appears here once leads arrive."
            : null
        }
        table={{
          caption: "Leads by source",
          head: ["Source", "Leads"],
          rows: data.bySource.map((s) => [s.name, s.leads]),
        }}
      >
        <DonutChart
          label="Leads by source"
          slices={data.bySource.map((s) => ({ name: s.name, value: s.leads }))}
        />
      </ChartCard>
      <ChartCard
        title="Sold and unsold"
        description={`Sale rate ${data.sales.saleRate}%`}
        empty={noLeads ? "How many of your leads buyers took appears here once leads arrive." : null}
        table={{
          caption: "Sold and unsold leads",
          head: ["Status", "Leads"],
          rows: [
            ["Sold", data.sales.sold],
            ["Unsold", data.sales.unsold],
          ],
        }}
      >
        <DonutChart
          label="Sold and unsold leads"
          slices={[
            { name: "Sold", value: data.sales.sold },
            { name: "Unsold", value: data.sales.unsold },
          ]}
        />
      </ChartCard>
      <ChartCard
        title="Credits spent by buyers"
        description={`${data.credits.spent} credits, about ${money(data.credits.valueUsd)} at ${money(data.credits.creditValueUsd)} a credit`}
        empty={
          data.topBuyers.length === 0
            ? "The buyers who unlock the most leads appear here, with the credits they spent."
            : null
        }
        table={{
          caption: "Top buyers by credits spent",
          head: ["Buyer", "Leads bought", "Credits spent"],
          rows: data.topBuyers.map((b) => [b.name, b.leadsBought, b.creditsSpent]),
        }}
      >
        <BarList
          items={data.topBuyers.map((b) => ({ name: b.name, value: b.creditsSpent }))}
          format={(n) => `${n} credits`}
        />
      </ChartCard>
    </div>
  );
}

type TTable = { caption: string; head: string[]; rows: (string | number)[][] };

function ChartCard(props: {
  title: string;
  description: string;
  /** What the chart will show, said instead of it while there is nothing to draw. */
  empty: string | null;
  table: TTable;
  className?: string;
  children: React.ReactNode;
}) {
  const titleId = useId();
  return (
    <Card className={props.className} aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        {props.empty ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
            {props.empty}
          </p>
        ) : (
          <>
            <div aria-hidden="true">{props.children}</div>
            {/* A table does not shrink to sr-only's 1 px: its wrapper does. */}
            <div className="sr-only">
              <table>
                <caption>{props.table.caption}</caption>
                <thead>
                  <tr>
                    {props.table.head.map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {props.table.rows.map((row) => (
                    <tr key={String(row[0])}>
                      {row.map((cell, i) => (
                        <td key={i}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
