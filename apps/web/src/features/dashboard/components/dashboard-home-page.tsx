import { useQuery } from "@tanstack/react-query";
import { Building, Clock, FileText, Inbox, PhoneCall, PhoneIncoming } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { useSession } from "@/lib/session/use-session";
import { dashboardKeys, fetchDashboardSummary } from "../api";
import { BuyersMap } from "../buyers-map/components/buyers-map";
import { DashboardCountTile } from "./dashboard-count-tile";
import { DashboardTilePlaceholder } from "./dashboard-tile-placeholder";

// Spec 001 §2 Dashboard home: five tiles, then the buyers map. Each arrives with the feature that feeds it.
const TILES = [
  { title: "Total Calls", icon: PhoneCall, source: "the call center" },
  { title: "Completed Calls", icon: PhoneIncoming, source: "the call center" },
  { title: "Forms Created", icon: FileText, count: "formsCreated", error: "Failed to fetch forms count" },
  { title: "Avg Call Duration", icon: Clock, source: "the call center" },
  { title: "Total Leads", icon: Inbox, count: "totalLeads", error: "Failed to fetch leads count" },
] as const;

export function DashboardHomePage() {
  const { user } = useSession();
  const firstName = user?.name?.split(" ")[0];
  const hasCompany = Boolean(user?.organizationId);
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
            <p className="text-muted-foreground text-sm">
              The call tiles fill in when the call center arrives; until then there is nothing to count, so
              nothing is shown.
            </p>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
              {TILES.map((tile) =>
                "count" in tile ? (
                  <DashboardCountTile
                    key={tile.title}
                    title={tile.title}
                    icon={tile.icon}
                    value={summary.data?.[tile.count]}
                    loading={summary.isLoading}
                    error={summary.isError ? tile.error : null}
                  />
                ) : (
                  <DashboardTilePlaceholder key={tile.title} {...tile} />
                ),
              )}
            </div>
          </section>
          <BuyersMap />
        </div>
      )}
    </div>
  );
}
