import { BUYER_PORTAL_LIMITS, BUYER_PORTAL_MESSAGES } from "@leadpost/shared";
import { ArrowRight, Inbox, ListChecks, Settings } from "lucide-react";
import { lazy } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { LoadingBlock, ShownOncePart } from "@/components/ui/lazy-panel";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState } from "@/components/ui/query-states";
import { useShownOnce } from "@/lib/use-shown-once";
import { useCapUsage } from "../hooks/use-buyer-caps";
import { useBuyerSummary, usePreviews } from "../hooks/use-buyer-portal";
import { CapsCard } from "./caps-card";
import { PackageCard, ProfileCard, StatCards } from "./dashboard-cards";
import { LinkCard } from "./link-card";

// Below the caps card: the board's code (cards, selection, delete) loads when the section comes into view
// (ON_DEMAND in on-demand.mjs, for this page; Available Leads loads it with the page).
const PreviewBoard = lazy(() => import("./preview-board").then((m) => ({ default: m.PreviewBoard })));

const NEWEST = { page: 1, pageSize: BUYER_PORTAL_LIMITS.DASHBOARD_PREVIEWS };

/** Spec 003 §2.3: the buyer's dashboard. */
export function BuyerDashboardPage() {
  const summary = useBuyerSummary();
  const previews = usePreviews(NEWEST);
  // The caps card above draws nothing until its answer: the section is where it stays once both are in.
  const caps = useCapUsage();
  const board = useShownOnce<HTMLElement>(summary.isSuccess && !previews.isPending && !caps.isPending);

  if (summary.isPending) {
    return (
      <div className="mx-auto w-full max-w-6xl">
        <PageHeader title="Dashboard" />
        <LoadingBlock rows={4} />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <div className="mx-auto w-full max-w-6xl">
        <PageHeader title="Dashboard" />
        <ErrorState
          title={BUYER_PORTAL_MESSAGES.LOAD_FAILED}
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      </div>
    );
  }
  const data = summary.data;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${data.profile.contactName}!`}
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to="/buyer/available-leads">
              View All Leads <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        }
      />
      <div className="grid gap-4 md:grid-cols-2">
        <ProfileCard profile={data.profile} />
        <PackageCard pkg={data.package} />
      </div>
      <StatCards stats={data.stats} />
      <CapsCard />

      <section ref={board.ref} aria-labelledby="newest-previews" className="grid gap-3">
        <div className="flex items-center justify-between">
          <h2 id="newest-previews" className="font-semibold text-lg">
            Newest Lead Previews
          </h2>
          <Link
            to="/buyer/available-leads"
            className="text-primary text-sm underline-offset-4 hover:underline"
          >
            View All Leads
          </Link>
        </div>
        {previews.isPending ? (
          <LoadingBlock rows={2} />
        ) : previews.isError ? (
          <ErrorState
            title="Failed to load leads"
            error={previews.error}
            onRetry={() => void previews.refetch()}
          />
        ) : previews.data.previews.length === 0 ? (
          <EmptyState icon={Inbox} title="No lead previews yet">
            New leads in your service area appear here as they arrive.
          </EmptyState>
        ) : (
          <ShownOncePart shown={board.shown} fallback={<LoadingBlock rows={2} />}>
            <PreviewBoard previews={previews.data.previews} balance={data.stats.credits} />
          </ShownOncePart>
        )}
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <LinkCard
          to="/buyer/my-leads"
          icon={ListChecks}
          title="My Leads"
          text="Work your purchased leads and track their status."
        />
        <LinkCard
          to="/buyer/settings"
          icon={Settings}
          title="Settings"
          text="Update your profile and see billing."
        />
      </div>
    </div>
  );
}
