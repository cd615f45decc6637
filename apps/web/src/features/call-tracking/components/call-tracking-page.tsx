import { lazy, Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingBlock } from "@/components/ui/query-states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { usePhoneDisplay } from "@/lib/phone-display";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useTabParam } from "@/lib/use-tab-param";
import { useCallTrackingLive } from "../hooks/use-call-tracking-live";
import { SetupTab } from "./setup-tab";

// The page opens on Setup Instructions; every other tab's code loads when the tab is first opened
// (ON_DEMAND in on-demand.mjs), with the loading skeleton meanwhile.
const DniNumbersTab = lazy(async () => ({ default: (await import("./dni-numbers-tab")).DniNumbersTab }));
const TrackingNumbersTab = lazy(async () => ({
  default: (await import("./tracking-numbers-tab")).TrackingNumbersTab,
}));
const AnalyticsTab = lazy(async () => ({ default: (await import("./analytics-tab")).AnalyticsTab }));
const SessionsTab = lazy(async () => ({ default: (await import("./sessions-tab")).SessionsTab }));

const TABS = [
  { value: "setup", label: "Setup Instructions" },
  { value: "numbers", label: "Legacy Numbers" },
  { value: "tracking", label: "Call Tracking" },
  { value: "analytics", label: "Analytics" },
  { value: "sessions", label: "Recent Sessions" },
] as const;
const TAB_VALUES = TABS.map((t) => t.value);

/** /dashboard/calls/dni (and /dashboard/dni): call tracking by visitor source, in five tabs (002). */
export function CallTrackingPage() {
  useDocumentTitle("Call Tracking");
  useCallTrackingLive();
  // Numbers of another country are drawn again once the phone library has formatted them.
  usePhoneDisplay();
  const [tab, setTab] = useTabParam(TAB_VALUES);
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Call Tracking"
        description="Show each visitor the phone number of the source they came from, and see which sources make your phone ring."
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="flex-none">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="setup">
          <SetupTab />
        </TabsContent>
        <TabsContent value="numbers">
          <Suspense fallback={<LoadingBlock />}>
            <DniNumbersTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="tracking">
          <Suspense fallback={<LoadingBlock />}>
            <TrackingNumbersTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="analytics">
          <Suspense fallback={<LoadingBlock />}>
            <AnalyticsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="sessions">
          <Suspense fallback={<LoadingBlock />}>
            <SessionsTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
