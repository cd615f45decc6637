import type { TAdminCompany } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import type * as React from "react";
import { Link, useParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { QueryState } from "@/components/ui/query-states";
import { fetchAdminCompany, platformAdminKeys } from "../api";
import { CompanyPlanCard } from "./company-plan-card";
import { CompanySuspensionCard } from "./company-suspension-card";
import { CompanyTrialCard } from "./company-trial-card";

const TIER_NAMES = { free: "Free", basic: "Basic", pro: "Pro", enterprise: "Enterprise" } as const;
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "—");
const moment = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "No activity yet");

/**
 * One company, for the platform admin: its plan and usage, and the support actions — extend the trial,
 * exempt it from the trial, set the plan by hand, suspend or reinstate. Every action is audited.
 */
export function CompanyPage() {
  const { companyId = "" } = useParams();
  const company = useQuery({
    queryKey: platformAdminKeys.company(companyId),
    queryFn: ({ signal }) => fetchAdminCompany(companyId, signal),
  });
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4">
      <PageHeader
        title={company.data?.name ?? "Company"}
        description={company.data?.adminEmail ?? "Plan, trial and suspension"}
        actions={
          <Button variant="outline" asChild>
            <Link to="/dashboard/developer/subscribers">
              <ArrowLeft aria-hidden="true" />
              Subscribers
            </Link>
          </Button>
        }
      />
      <QueryState query={company} label="Loading the company" failure="Failed to load the company">
        {(data) => (
          <>
            <CompanyOverview company={data} />
            <CompanyTrialCard company={data} />
            <CompanyPlanCard company={data} />
            <CompanySuspensionCard company={data} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function CompanyOverview({ company }: { company: TAdminCompany }) {
  const facts: [string, React.ReactNode][] = [
    [
      "Plan",
      `${TIER_NAMES[company.tier]}${company.billedBy === "manual" ? " (set by hand)" : company.billedBy === "paypal" ? " (PayPal)" : ""}`,
    ],
    [
      "Subscription",
      <span key="s" className="capitalize">
        {company.subscriptionStatus ?? "None"}
      </span>,
    ],
    ["Seats", `${company.seatsUsed} of ${company.seats} used`],
    ["Trial ends", company.isTrialExempt ? "Exempt" : day(company.trialExpiresAt)],
    ["Buyers", company.buyers],
    ["Leads", company.leads],
    ["Last activity", moment(company.lastActivityAt)],
    ["Created", day(company.createdAt)],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Overview
          {company.suspendedAt && <Badge variant="destructive">Suspended</Badge>}
        </CardTitle>
        <CardDescription>What the company has and uses now.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div
              key={label}
              className="flex justify-between gap-4 border-b pb-2 sm:block sm:border-0 sm:pb-0"
            >
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
