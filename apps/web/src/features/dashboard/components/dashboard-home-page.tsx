import { useQuery } from "@tanstack/react-query";
import { Building, Clock, FileText, Inbox, PhoneCall, PhoneIncoming } from "lucide-react";
import { lazy, Suspense } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { StatTile } from "@/components/ui/stat-tile";
import { formatDuration } from "@/lib/format-duration";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { useSession } from "@/lib/session/use-session";
import { dashboardKeys, fetchDashboardSummary } from "../api";

// The charts and the map load after the tiles: they stay out of the dashboard's first load.
const BelowTheTiles = lazy(() => import("./dashboard-below-tiles"));

// Spec 001 §2 Dashboard home: five tiles, then the buyers map.
const TILES = [
  { title: "Total Calls", icon: PhoneCall, value: "totalCalls", error: "Failed to fetch calls" },
  { title: "Completed Calls", icon: PhoneIncoming, value: "completedCalls", error: "Failed to fetch calls" },
  { title: "Forms Created", icon: FileText, value: "formsCreated", error: "Failed to fetch forms count" },
  {
    title: "Avg Call Duration",
    icon: Clock,
    value: "avgCallDurationSeconds",
    error: "Failed to fetch calls",
  },
  { title: "Total Leads", icon: Inbox, value: "totalLeads", error: "Failed to fetch leads count" },
] as const;

export function DashboardHomePage() {
  const { user } = useSession();
  const firstName = user?.name?.split(" ")[0];
  const hasCompany = Boolean(user?.organizationId);
  const { count, locale } = useDisplayFormat();
  const summary = useQuery({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => fetchDashboardSummary(signal),
    enabled: hasCompany,
  });

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Dashboard"
        description={firstName ? `Welcome back, ${firstName}.` : "Welcome back."}
      />
      {!hasCompany && !user?.isPlatformAdmin ? (
        <Card role="status">
          <CardHeader>
            <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Building className="size-5" aria-hidden="true" />
            </div>
            <CardTitle>No company associated with your account</CardTitle>
            <CardDescription>Ask your company's owner to add you, or contact support.</CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <div className="grid gap-6">
          <section aria-labelledby="dashboard-tiles" className="grid gap-3">
            <h2 id="dashboard-tiles" className="sr-only">
              Activity
            </h2>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
              {TILES.map((tile) => {
                const value = summary.data?.[tile.value];
                return (
                  <StatTile
                    key={tile.title}
                    title={tile.title}
                    icon={tile.icon}
                    value={
                      tile.value === "avgCallDurationSeconds"
                        ? formatDuration(value)
                        : tile.value === "totalLeads" && summary.data?.totalLeadsEstimated
                          ? count(summary.data.totalLeads, "estimated")
                          : value
                    }
                    locale={locale}
                    loading={summary.isLoading}
                    error={summary.isError ? tile.error : null}
                  />
                );
              })}
            </div>
          </section>
          <Suspense fallback={null}>
            <BelowTheTiles />
          </Suspense>
        </div>
      )}
    </div>
  );
}
