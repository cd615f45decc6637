import { lazyPanel } from "@/components/ui/lazy-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { usePhoneDisplay } from "@/lib/phone-display";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useTabParam } from "@/lib/use-tab-param";
import { useCallTrackingLive } from "../hooks/use-call-tracking-live";
import { SetupTab } from "./setup-tab";

// The page opens on Setup Instructions; every other tab's code loads when the tab is first opened
// (ON_DEMAND in on-demand.mjs), with the loading skeleton meanwhile.
const DniNumbersTab = lazyPanel(async () => (await import("./dni-numbers-tab")).DniNumbersTab);
const TrackingNumbersTab = lazyPanel(async () => (await import("./tracking-numbers-tab")).TrackingNumbersTab);
const AnalyticsTab = lazyPanel(async () => (await import("./analytics-tab")).AnalyticsTab);
const SessionsTab = lazyPanel(async () => (await import("./sessions-tab")).SessionsTab);

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
          <DniNumbersTab />
        </TabsContent>
        <TabsContent value="tracking">
          <TrackingNumbersTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="sessions">
          <SessionsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
